import { createHash, randomBytes } from 'node:crypto';
import {
  leafPreimage,
  nodePreimage,
  type LiabilityBalance,
  type LiabilityLeaf,
} from '@swx/contract';
import { dec, toPlain } from '@swx/money';

/**
 * The proof-of-liabilities tree on the server (node:crypto). The encoding is the contract's
 * (liabilities-proof.ts): leaf = SHA-256(0x00 || canonical JSON), node = SHA-256(0x01 || l || r),
 * leaves ordered by hash, an odd last node carried up, the empty tree SHA-256("").
 */

const sha256 = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();

export const EMPTY_ROOT = sha256(new Uint8Array(0)).toString('hex');

export function leafHash(leaf: LiabilityLeaf): string {
  return sha256(leafPreimage(leaf)).toString('hex');
}

export function nodeHash(left: string, right: string): string {
  return sha256(nodePreimage(Buffer.from(left, 'hex'), Buffer.from(right, 'hex'))).toString('hex');
}

/** A fresh 32-byte salt as 64 hex digits. */
export function newSalt(): string {
  return randomBytes(32).toString('hex');
}

/**
 * A user's balances as a leaf lists them: sorted by asset, zero sums left out, each amount in
 * its one canonical spelling. Negative sums cannot occur (the ledger keeps user accounts at or
 * above zero); one here would be a broken ledger, so it stops the snapshot.
 */
export function canonicalBalances(rows: readonly { asset: string; balance: string }[]) {
  const byAsset = new Map<string, ReturnType<typeof dec>>();
  for (const row of rows)
    byAsset.set(row.asset, (byAsset.get(row.asset) ?? dec('0')).plus(row.balance));
  const balances: LiabilityBalance[] = [];
  for (const asset of [...byAsset.keys()].sort(codeUnitOrder)) {
    const amount = byAsset.get(asset)!;
    if (amount.isNegative()) throw new Error(`negative liability in ${asset}`);
    if (!amount.isZero()) balances.push({ asset, balance: toPlain(amount) });
  }
  return balances;
}

/** JavaScript's default string order (UTF-16 code units), the order the verifier checks. */
export function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** All levels of the tree, level 0 the leaf hashes in index order, the last level the root. */
export function buildLevels(leafHashes: readonly string[]): string[][] {
  if (leafHashes.length === 0) return [[EMPTY_ROOT]];
  const levels: string[][] = [[...leafHashes]];
  let level = levels[0]!;
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right === undefined ? level[i]! : nodeHash(level[i]!, right));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

export function rootOf(levels: readonly string[][]): string {
  return levels[levels.length - 1]![0]!;
}

/**
 * The (level, index) of each sibling on the way from leaf `index` to the root of a tree of
 * `count` leaves, skipping the levels where the node is carried up without one.
 */
export function siblingPositions(index: number, count: number): { level: number; idx: number }[] {
  const positions: { level: number; idx: number }[] = [];
  let i = index;
  let size = count;
  for (let level = 0; size > 1; level++) {
    const sibling = i % 2 === 1 ? i - 1 : i + 1;
    if (sibling < size) positions.push({ level, idx: sibling });
    i = Math.floor(i / 2);
    size = Math.ceil(size / 2);
  }
  return positions;
}

/** The sibling hashes of leaf `index`, from the leaf upwards (the proof's `path`). */
export function proofPath(levels: readonly string[][], index: number): string[] {
  return siblingPositions(index, levels[0]!.length).map((p) => levels[p.level]![p.idx]!);
}

/** The UTC day (`YYYY-MM-DD`) that a period starting at `start` covers. */
export function dayOf(start: Date): string {
  return start.toISOString().slice(0, 10);
}
