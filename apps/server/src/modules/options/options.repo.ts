import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { insertRow, type WithExpressions } from '../../platform/statements';
import { pgArray, unnestRows } from '../../platform/pg-array';
import { optionsOrders, optionsProducts, type PeriodTerms } from './options.tables';

export type OptionsOrderRow = typeof optionsOrders.$inferSelect;
export type OptionsProductRow = typeof optionsProducts.$inferSelect;

export async function selectProducts(db: Executor, code?: string): Promise<OptionsProductRow[]> {
  return db
    .select()
    .from(optionsProducts)
    .where(code ? eq(optionsProducts.code, code) : undefined)
    .orderBy(asc(optionsProducts.id));
}

export async function selectProduct(db: Executor, code: string) {
  const [row] = await db.select().from(optionsProducts).where(eq(optionsProducts.code, code));
  return row;
}

/** Adds a product for each code that has none; never changes what staff edited. */
export async function insertMissingProducts(
  db: Executor,
  codes: readonly string[],
  periods: readonly PeriodTerms[],
): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insert(optionsProducts)
    .values(codes.map((code) => ({ code, periods: [...periods] })))
    .onConflictDoNothing();
}

export async function updateProduct(
  db: Executor,
  id: number,
  values: { enabled?: boolean | undefined; periods?: PeriodTerms[] | undefined },
) {
  const [row] = await db
    .update(optionsProducts)
    .set({
      ...(values.enabled === undefined ? {} : { enabled: values.enabled }),
      ...(values.periods === undefined ? {} : { periods: values.periods }),
      updatedAt: new Date(),
    })
    .where(eq(optionsProducts.id, id))
    .returning();
  return row;
}

export async function insertOrder(
  db: Executor,
  values: WithExpressions<typeof optionsOrders.$inferInsert>,
) {
  return insertRow(db, optionsOrders, values);
}

export async function selectOrder(db: Executor, id: number) {
  const [row] = await db.select().from(optionsOrders).where(eq(optionsOrders.id, id));
  return row;
}

/** What settling an order reads: its terms, fixed at purchase. */
export const settleColumns = {
  id: optionsOrders.id,
  orderNo: optionsOrders.orderNo,
  userId: optionsOrders.userId,
  mode: optionsOrders.mode,
  code: optionsOrders.code,
  direction: optionsOrders.direction,
  amount: optionsOrders.amount,
  payoutRate: optionsOrders.payoutRate,
  openPrice: optionsOrders.openPrice,
  expiresAt: optionsOrders.expiresAt,
};
export type SettleTerms = {
  [K in keyof typeof settleColumns]: OptionsOrderRow[K];
};

/** The terms of the running orders among `ids` (for expiry items that came without them). */
export async function selectSettleTerms(db: Executor, ids: readonly number[]) {
  return db
    .select(settleColumns)
    .from(optionsOrders)
    .where(
      and(
        // One array parameter, not one per id: a tick may reach a thousand orders.
        sql`${optionsOrders.id} = any(${pgArray(ids, 'bigint')})`,
        eq(optionsOrders.state, 'running'),
      ),
    );
}

/**
 * Settles running orders at one tick in one statement: the tick's fields are the same for all,
 * each order has its own outcome. The rows are locked in id order first (two nodes settling the
 * same orders queue instead of deadlocking), and only those still running change: a node that
 * waited for the lock finds them settled. Returns the ids it settled.
 */
export async function markSettledMany(
  db: Executor,
  tick: Pick<OptionsOrderRow, 'settleTickId' | 'settlePrice' | 'settleAt' | 'settleSource'>,
  outcomes: readonly { id: number; state: 'won' | 'lost' | 'draw'; payout: string }[],
): Promise<number[]> {
  if (outcomes.length === 0) return [];
  const values = unnestRows(outcomes, 'v', {
    id: ['bigint', (o) => o.id],
    state: ['text', (o) => o.state],
    payout: ['numeric', (o) => o.payout],
  });
  const ids = pgArray(
    outcomes.map((o) => o.id),
    'bigint',
  );
  const { rows } = (await db.execute<{ id: string | number }>(sql`
    update options_orders o
    set state = v.state, payout = v.payout, settle_tick_id = ${tick.settleTickId},
        settle_price = ${tick.settlePrice}, settle_at = ${tick.settleAt},
        settle_source = ${tick.settleSource}, settled_at = ${tick.settleAt}
    from ${values},
      (select id from options_orders
        where id = any(${ids}) and state = 'running'
        order by id
        for update) l
    where o.id = v.id and o.id = l.id and o.state = 'running'
    returning o.id`)) as { rows: { id: string | number }[] };
  return rows.map((r) => Number(r.id));
}

/** Every running order's terms: the expiries waiting at boot. */
export async function selectRunning(db: Executor): Promise<SettleTerms[]> {
  return db.select(settleColumns).from(optionsOrders).where(eq(optionsOrders.state, 'running'));
}

/** A page of orders, newest first; without `userId` (staff) every user's. */
export async function selectOrderPage(
  db: Executor,
  q: {
    userId?: number | undefined;
    mode?: 'real' | 'demo' | undefined;
    states: OptionsOrderRow['state'][];
    code?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    q.userId === undefined ? undefined : eq(optionsOrders.userId, q.userId),
    q.mode === undefined ? undefined : eq(optionsOrders.mode, q.mode),
    inArray(optionsOrders.state, q.states),
    q.code ? eq(optionsOrders.code, q.code) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(optionsOrders)
      .where(where)
      .orderBy(desc(optionsOrders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(optionsOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Stakes of real-mode orders since a time (the home page's turnover). */
export async function sumStakesSince(db: Executor, since: Date): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${optionsOrders.amount}), 0)::text` })
    .from(optionsOrders)
    .where(and(eq(optionsOrders.mode, 'real'), sql`${optionsOrders.createdAt} >= ${since}`));
  return row?.total ?? '0';
}

/** Payout minus stake of a user's settled orders since a time (all time when undefined). */
export async function sumResultSince(
  db: Executor,
  userId: number,
  mode: 'real' | 'demo',
  since: Date | undefined,
): Promise<string> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${optionsOrders.payout} - ${optionsOrders.amount}), 0)::text`,
    })
    .from(optionsOrders)
    .where(
      and(
        eq(optionsOrders.userId, userId),
        eq(optionsOrders.mode, mode),
        ne(optionsOrders.state, 'running'),
        since ? sql`${optionsOrders.settledAt} >= ${since}` : undefined,
      ),
    );
  return row?.total ?? '0';
}
