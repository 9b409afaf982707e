import type { StaffActor } from '../../platform/auth';
import type { Executor, Tx } from '../../platform/db';
import {
  insertEntry,
  lastHash,
  lockForAppend,
  selectEntriesAfter,
  selectEntryPage,
} from './audit.repo';
import { auditHash, findChainBreak, GENESIS_HASH, type AuditContent } from './audit.rules';

export interface AuditRecord {
  staffId: number | null;
  actor: string | null;
  /** What was done, e.g. `content.translation.save`. */
  action: string;
  /** What it was done to, e.g. `content:12:ar`. */
  target: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends an entry inside the caller's transaction, so the action and its audit entry commit
 * together. Appends are serialised by a transaction-scoped lock because each names its predecessor.
 */
export type { StaffActor };

export async function recordAudit(tx: Tx, record: AuditRecord): Promise<number> {
  await lockForAppend(tx);
  const prevHash = (await lastHash(tx)) ?? GENESIS_HASH;
  const content: AuditContent = {
    at: new Date(),
    staffId: record.staffId,
    actor: record.actor,
    action: record.action,
    target: record.target,
    // Stored as jsonb: keep only what survives a JSON round trip, so the hash can be recomputed.
    detail: JSON.parse(JSON.stringify(record.detail ?? {})) as Record<string, unknown>,
    ip: record.ip ?? null,
  };
  return insertEntry(tx, { ...content, prevHash, hash: auditHash(prevHash, content) });
}

/** Recomputes the whole chain in batches. */
export async function verifyAuditChain(
  db: Executor,
): Promise<{ ok: boolean; checked: number; brokenAt: number | null }> {
  let afterId = 0;
  let prev = GENESIS_HASH;
  let checked = 0;
  for (;;) {
    const batch = await selectEntriesAfter(db, afterId, 1000);
    if (batch.length === 0) return { ok: true, checked, brokenAt: null };
    const broken = findChainBreak(batch, prev);
    if (broken !== null)
      return {
        ok: false,
        checked: checked + batch.findIndex((e) => e.id === broken),
        brokenAt: broken,
      };
    checked += batch.length;
    const last = batch[batch.length - 1];
    if (!last) return { ok: true, checked, brokenAt: null };
    afterId = last.id;
    prev = last.hash;
  }
}

export async function listAuditEntries(
  db: Executor,
  query: {
    page: number;
    pageSize: number;
    action?: string | undefined;
    staffId?: number | undefined;
  },
) {
  const { rows, total } = await selectEntryPage(db, query);
  return {
    list: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      staffId: r.staffId,
      staffUsername: r.actor,
      action: r.action,
      target: r.target,
      detail: r.detail,
      ip: r.ip,
      hash: r.hash,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
