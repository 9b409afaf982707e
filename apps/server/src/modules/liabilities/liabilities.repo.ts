import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import {
  liabilityLeaves,
  liabilityNodes,
  liabilityRoots,
  liabilityTotals,
} from './liabilities.tables';

type RootRow = typeof liabilityRoots.$inferInsert;
type LeafRow = typeof liabilityLeaves.$inferInsert;
type NodeRow = typeof liabilityNodes.$inferInsert;

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for any of these tables. */
const CHUNK = 1000;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Inserts the day's root; false when the day already has one (it is never replaced). */
export async function insertRoot(db: Executor, row: RootRow): Promise<boolean> {
  const inserted = await db
    .insert(liabilityRoots)
    .values(row)
    .onConflictDoNothing()
    .returning({ day: liabilityRoots.day });
  return inserted.length === 1;
}

export async function insertTree(
  db: Executor,
  day: string,
  totals: readonly { asset: string; total: string }[],
  leaves: readonly LeafRow[],
  nodes: readonly NodeRow[],
) {
  if (totals.length > 0) {
    await db.insert(liabilityTotals).values(totals.map((t) => ({ day, ...t })));
  }
  await insertChunked(leaves, (chunk) => db.insert(liabilityLeaves).values(chunk));
  await insertChunked(nodes, (chunk) => db.insert(liabilityNodes).values(chunk));
}

export async function selectRoot(db: Executor, day: string) {
  const [row] = await db.select().from(liabilityRoots).where(eq(liabilityRoots.day, day));
  return row;
}

export async function selectLatestDay(db: Executor): Promise<string | undefined> {
  const [row] = await db
    .select({ day: liabilityRoots.day })
    .from(liabilityRoots)
    .orderBy(desc(liabilityRoots.day))
    .limit(1);
  return row?.day;
}

export async function selectRootsPage(db: Executor, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(liabilityRoots);
  const roots = await db
    .select()
    .from(liabilityRoots)
    .orderBy(desc(liabilityRoots.day))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const days = roots.map((r) => r.day);
  const totals =
    days.length === 0
      ? []
      : await db
          .select()
          .from(liabilityTotals)
          .where(inArray(liabilityTotals.day, days))
          .orderBy(asc(liabilityTotals.asset));
  return { total: total?.n ?? 0, roots, totals };
}

export async function selectTotals(db: Executor, day: string) {
  return db
    .select({ asset: liabilityTotals.asset, total: sql<string>`${liabilityTotals.total}::text` })
    .from(liabilityTotals)
    .where(eq(liabilityTotals.day, day))
    .orderBy(asc(liabilityTotals.asset));
}

export async function selectLeafOf(db: Executor, day: string, userId: number) {
  const [row] = await db
    .select()
    .from(liabilityLeaves)
    .where(and(eq(liabilityLeaves.day, day), eq(liabilityLeaves.userId, userId)));
  return row;
}

export async function selectLeaves(db: Executor, day: string) {
  return db
    .select()
    .from(liabilityLeaves)
    .where(eq(liabilityLeaves.day, day))
    .orderBy(asc(liabilityLeaves.idx));
}

/** The hashes at the given (level, index) positions of a day's tree. */
export async function selectNodes(
  db: Executor,
  day: string,
  positions: readonly { level: number; idx: number }[],
) {
  if (positions.length === 0) return [];
  return db
    .select({ level: liabilityNodes.level, idx: liabilityNodes.idx, hash: liabilityNodes.hash })
    .from(liabilityNodes)
    .where(
      and(
        eq(liabilityNodes.day, day),
        or(
          ...positions.map((p) =>
            and(eq(liabilityNodes.level, p.level), eq(liabilityNodes.idx, p.idx)),
          ),
        ),
      ),
    );
}
