import type { LiabilityLeaf, LiabilityProof, LiabilityRoot } from '@swx/contract';
import { dec, sum, toPlain } from '@swx/money';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { selectRealUserLiabilities } from '../ledger';
import * as repo from './liabilities.repo';
import {
  buildLevels,
  canonicalBalances,
  codeUnitOrder,
  leafHash,
  newSalt,
  rootOf,
  siblingPositions,
} from './liabilities.rules';

export interface LiabilitiesDeps {
  db: Db;
  /** The platform's clock (the feed's: a fake one in tests, the test clock in browser runs). */
  now: () => Date;
}

export interface Published {
  day: string;
  root: string;
  leafCount: number;
  /** False when the day already had its root (nothing was written). */
  created: boolean;
}

/**
 * Publishes the tree of `day`: every customer's real balances per asset read in one statement,
 * one salted leaf per customer, the root with the per-asset totals and every node stored. A day
 * that already has a root keeps it: a root, once published, is never replaced.
 */
export async function publishDay(tx: Executor, day: string, snapshotAt: Date): Promise<Published> {
  const existing = await repo.selectRoot(tx, day);
  if (existing) return { day, root: existing.root, leafCount: existing.leafCount, created: false };

  const rows = await selectRealUserLiabilities(tx);
  const byUser = new Map<number, { asset: string; balance: string }[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ asset: row.asset, balance: row.balance });
    byUser.set(row.userId, list);
  }
  const leaves: { userId: number; leaf: LiabilityLeaf; hash: string }[] = [];
  for (const [userId, list] of byUser) {
    const balances = canonicalBalances(list);
    if (balances.length === 0) continue;
    const leaf: LiabilityLeaf = { day, user: String(userId), salt: newSalt(), balances };
    leaves.push({ userId, leaf, hash: leafHash(leaf) });
  }
  // Ordered by hash: an index tells nothing about who a customer is or when they joined.
  leaves.sort((a, b) => codeUnitOrder(a.hash, b.hash));
  const levels = buildLevels(leaves.map((l) => l.hash));
  const root = rootOf(levels);

  const totals = new Map<string, string[]>();
  for (const { leaf } of leaves) {
    for (const b of leaf.balances) totals.set(b.asset, [...(totals.get(b.asset) ?? []), b.balance]);
  }
  const created = await repo.insertRoot(tx, { day, root, leafCount: leaves.length, snapshotAt });
  if (!created) {
    const row = await repo.selectRoot(tx, day);
    return { day, root: row!.root, leafCount: row!.leafCount, created: false };
  }
  await repo.insertTree(
    tx,
    day,
    [...totals].map(([asset, amounts]) => ({ asset, total: toPlain(sum(amounts)) })),
    leaves.map(({ userId, leaf }, idx) => ({
      day,
      idx,
      userId,
      salt: leaf.salt,
      balances: leaf.balances,
    })),
    leaves.length === 0
      ? []
      : levels.flatMap((hashes, level) => hashes.map((hash, idx) => ({ day, level, idx, hash }))),
  );
  return { day, root, leafCount: leaves.length, created: true };
}

function rootView(
  row: Awaited<ReturnType<typeof repo.selectRoot>> & object,
  totals: readonly { asset: string; total: string }[],
): LiabilityRoot {
  return {
    day: row.day,
    root: row.root,
    leafCount: row.leafCount,
    snapshotAt: row.snapshotAt.toISOString(),
    totals: totals.map((t) => ({ asset: t.asset, total: toPlain(t.total) })),
  };
}

export async function listRoots(db: Executor, page: number, pageSize: number) {
  const { total, roots, totals } = await repo.selectRootsPage(db, page, pageSize);
  return {
    list: roots.map((r) =>
      rootView(
        r,
        totals.filter((t) => t.day === r.day),
      ),
    ),
    total,
    page,
    pageSize,
  };
}

/** The caller's own inclusion proof for `day` (the latest published day when absent). */
export async function proofOf(db: Executor, userId: number, day?: string): Promise<LiabilityProof> {
  const wanted = day ?? (await repo.selectLatestDay(db));
  const root = wanted ? await repo.selectRoot(db, wanted) : undefined;
  const leaf = root ? await repo.selectLeafOf(db, root.day, userId) : undefined;
  if (!root || !leaf) throw new AppError(10169);
  const positions = siblingPositions(leaf.idx, root.leafCount);
  const nodes = await repo.selectNodes(db, root.day, positions);
  const hashAt = new Map(nodes.map((n) => [`${n.level}:${n.idx}`, n.hash]));
  const path = positions.map((p) => {
    const hash = hashAt.get(`${p.level}:${p.idx}`);
    if (hash === undefined)
      throw new Error(`liability tree ${root.day} lacks node ${p.level}:${p.idx}`);
    return hash;
  });
  return {
    format: 'swx-liabilities-proof/1',
    day: root.day,
    root: root.root,
    leafCount: root.leafCount,
    leafIndex: leaf.idx,
    leaf: { day: root.day, user: String(userId), salt: leaf.salt, balances: leaf.balances },
    path,
  };
}

/**
 * Recomputes a published day from its stored leaves: every leaf hash, the root and the totals.
 * Lists what no longer matches (empty when the day is intact).
 */
export async function auditDay(db: Executor, day: string): Promise<string[]> {
  const root = await repo.selectRoot(db, day);
  if (!root) return [`no root for ${day}`];
  const leaves = await repo.selectLeaves(db, day);
  const problems: string[] = [];
  if (leaves.length !== root.leafCount)
    problems.push(`leaf count ${leaves.length} ≠ ${root.leafCount}`);
  const hashes = leaves.map((l) =>
    leafHash({ day, user: String(l.userId), salt: l.salt, balances: l.balances }),
  );
  const recomputed = rootOf(buildLevels(hashes));
  if (recomputed !== root.root) problems.push(`root ${recomputed} ≠ published ${root.root}`);
  const sums = new Map<string, ReturnType<typeof dec>>();
  for (const l of leaves) {
    for (const b of l.balances) sums.set(b.asset, (sums.get(b.asset) ?? dec('0')).plus(b.balance));
  }
  const totals = await repo.selectTotals(db, day);
  for (const t of totals) {
    const s = sums.get(t.asset) ?? dec('0');
    if (!s.eq(t.total))
      problems.push(`${t.asset} total ${toPlain(t.total)} ≠ leaves ${toPlain(s)}`);
    sums.delete(t.asset);
  }
  for (const asset of sums.keys()) problems.push(`${asset} in leaves but not in the totals`);
  return problems;
}
