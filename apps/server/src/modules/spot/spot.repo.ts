import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db';
import { insertRow } from '../../platform/statements';
import { spotHoldings, spotOrders } from './spot.tables';

export type SpotRow = typeof spotOrders.$inferSelect;
type State = SpotRow['state'];

export async function insertSpot(db: Executor, values: typeof spotOrders.$inferInsert) {
  return insertRow(db, spotOrders, values);
}

export async function selectSpot(db: Executor, id: number) {
  const [row] = await db.select().from(spotOrders).where(eq(spotOrders.id, id));
  return row;
}

export async function lockWaiting(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.id, id), eq(spotOrders.state, 'waiting')))
    .for('update');
  return row;
}

export async function finish(
  db: Executor,
  id: number,
  values: PgUpdateSetSource<typeof spotOrders> & { state: State },
) {
  const [row] = await db
    .update(spotOrders)
    .set(values)
    .where(and(eq(spotOrders.id, id), eq(spotOrders.state, 'waiting')))
    .returning();
  return row;
}

export async function selectWaiting(db: Executor, code?: string) {
  return db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.state, 'waiting'), code ? eq(spotOrders.code, code) : undefined));
}

/** A page of orders, newest first; without `userId` (staff) every user's. */
export async function selectSpotPage(
  db: Executor,
  q: {
    userId?: number | undefined;
    mode?: 'real' | 'demo' | undefined;
    states: State[];
    code?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    q.userId === undefined ? undefined : eq(spotOrders.userId, q.userId),
    q.mode === undefined ? undefined : eq(spotOrders.mode, q.mode),
    inArray(spotOrders.state, q.states),
    q.code ? eq(spotOrders.code, q.code) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(spotOrders)
      .where(where)
      .orderBy(desc(spotOrders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(spotOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function lockHolding(
  db: Executor,
  userId: number,
  mode: 'real' | 'demo',
  asset: string,
) {
  const [row] = await db
    .select()
    .from(spotHoldings)
    .where(
      and(
        eq(spotHoldings.userId, userId),
        eq(spotHoldings.mode, mode),
        eq(spotHoldings.asset, asset),
      ),
    )
    .for('update');
  return row;
}

export async function addHolding(
  db: Executor,
  key: { userId: number; mode: 'real' | 'demo'; asset: string },
  quantity: string,
  cost: string,
): Promise<void> {
  await db
    .insert(spotHoldings)
    .values({ ...key, quantity, cost })
    .onConflictDoUpdate({
      target: [spotHoldings.userId, spotHoldings.mode, spotHoldings.asset],
      set: {
        quantity: sql`${spotHoldings.quantity} + excluded.quantity`,
        cost: sql`${spotHoldings.cost} + excluded.cost`,
      },
    });
}

export async function selectHoldings(db: Executor, userId: number, mode: 'real' | 'demo') {
  return db
    .select()
    .from(spotHoldings)
    .where(and(eq(spotHoldings.userId, userId), eq(spotHoldings.mode, mode)));
}

export async function sumProfitSince(
  db: Executor,
  userId: number,
  mode: 'real' | 'demo',
  since: Date | undefined,
) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${spotOrders.profit}), 0)::text` })
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.userId, userId),
        eq(spotOrders.mode, mode),
        eq(spotOrders.state, 'filled'),
        since ? sql`${spotOrders.closedAt} >= ${since}` : undefined,
      ),
    );
  return row?.total ?? '0';
}

export async function sumTurnoverSince(db: Executor, since: Date): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${spotOrders.filledTurnover}), 0)::text` })
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.mode, 'real'),
        eq(spotOrders.state, 'filled'),
        sql`${spotOrders.closedAt} >= ${since}`,
      ),
    );
  return row?.total ?? '0';
}
