import { createHash } from 'node:crypto';
import { canonicalJson } from '../../platform/canonical-json';

/** The hash of the first entry's predecessor. */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditContent {
  at: Date;
  staffId: number | null;
  actor: string | null;
  action: string;
  target: string;
  detail: Record<string, unknown>;
  ip: string | null;
}

/** sha256 over the previous hash and the entry's content in canonical form. */
export function auditHash(prevHash: string, entry: AuditContent): string {
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(
      canonicalJson([
        entry.at.toISOString(),
        entry.staffId,
        entry.actor,
        entry.action,
        entry.target,
        entry.detail,
        entry.ip,
      ]),
    )
    .digest('hex');
}

/**
 * Walks entries in id order: each must name its predecessor's hash and hash to its own. Returns the
 * id of the first entry that does not, or null when the chain is intact.
 */
export function findChainBreak(
  entries: Iterable<AuditContent & { id: number; prevHash: string; hash: string }>,
  startHash = GENESIS_HASH,
): number | null {
  let expectedPrev = startHash;
  for (const entry of entries) {
    if (entry.prevHash !== expectedPrev || auditHash(entry.prevHash, entry) !== entry.hash)
      return entry.id;
    expectedPrev = entry.hash;
  }
  return null;
}
