import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, sum } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import { nftBids, nftItems } from './nfts.tables';

export type NftItemRow = typeof nftItems.$inferSelect;
export type NftBidRow = typeof nftBids.$inferSelect;

export async function insertItem(db: Executor, values: typeof nftItems.$inferInsert) {
  const [row] = await db.insert(nftItems).values(values).returning();
  if (!row) throw new Error('nft not inserted');
  return row;
}

export async function selectItem(db: Executor, id: number) {
  const [row] = await db.select().from(nftItems).where(eq(nftItems.id, id));
  return row;
}

export async function lockItem(tx: Tx, id: number) {
  const [row] = await tx.select().from(nftItems).where(eq(nftItems.id, id)).for('update');
  return row;
}

export async function updateItem(
  tx: Tx,
  id: number,
  values: Partial<typeof nftItems.$inferInsert>,
) {
  const [row] = await tx.update(nftItems).set(values).where(eq(nftItems.id, id)).returning();
  if (!row) throw new Error('nft not updated');
  return row;
}

export async function selectItemPage(
  db: Executor,
  q: {
    search?: string | undefined;
    state?: 'live' | 'scheduled' | 'ended' | undefined;
    now: Date;
    page: number;
    pageSize: number;
  },
) {
  const now = q.now.toISOString();
  const where = and(
    q.search
      ? or(ilike(nftItems.name, `%${q.search}%`), ilike(nftItems.creator, `%${q.search}%`))
      : undefined,
    q.state === 'live'
      ? and(eq(nftItems.state, 'open'), sql`${nftItems.startsAt} <= ${now}::timestamptz`)
      : q.state === 'scheduled'
        ? and(eq(nftItems.state, 'open'), sql`${nftItems.startsAt} > ${now}::timestamptz`)
        : q.state === 'ended'
          ? inArray(nftItems.state, ['sold', 'unsold', 'cancelled'])
          : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(nftItems)
      .where(where)
      .orderBy(asc(nftItems.endsAt), asc(nftItems.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(nftItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The cumulative donation: the sum of every sale's price (computed, never stored apart). */
export async function selectDonationTotal(db: Executor): Promise<string> {
  const [row] = await db
    .select({ total: sum(nftItems.soldPrice) })
    .from(nftItems)
    .where(eq(nftItems.state, 'sold'));
  return row?.total ?? '0';
}

export async function insertBid(tx: Tx, values: typeof nftBids.$inferInsert) {
  const [row] = await tx.insert(nftBids).values(values).returning();
  if (!row) throw new Error('bid not inserted');
  return row;
}

export async function leadingBid(tx: Tx, itemId: number) {
  const [row] = await tx
    .select()
    .from(nftBids)
    .where(and(eq(nftBids.itemId, itemId), eq(nftBids.state, 'leading')));
  return row;
}

export async function setBidState(tx: Tx, id: number, state: NftBidRow['state']) {
  await tx.update(nftBids).set({ state }).where(eq(nftBids.id, id));
}

export function selectBids(db: Executor, itemId: number, limit = 50) {
  return db
    .select()
    .from(nftBids)
    .where(eq(nftBids.itemId, itemId))
    .orderBy(desc(nftBids.id))
    .limit(limit);
}

export function selectUserBids(db: Executor, userId: number, limit = 100) {
  return db
    .select()
    .from(nftBids)
    .where(eq(nftBids.userId, userId))
    .orderBy(desc(nftBids.id))
    .limit(limit);
}

export function selectOwned(db: Executor, userId: number) {
  return db
    .select()
    .from(nftItems)
    .where(and(eq(nftItems.ownerId, userId), eq(nftItems.state, 'sold')))
    .orderBy(desc(nftItems.soldAt));
}

export function selectItems(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(nftItems)
    .where(inArray(nftItems.id, [...ids]));
}

/** Open items whose auction ended by `by`, locked; one another node holds is skipped. */
export function lockEnded(tx: Tx, by: Date, limit: number) {
  return tx
    .select()
    .from(nftItems)
    .where(and(eq(nftItems.state, 'open'), lte(nftItems.endsAt, by)))
    .orderBy(asc(nftItems.endsAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
