import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { insertRow, type WithExpressions } from '../../platform/statements';
import { contractOrders } from './contracts.tables';

export type ContractRow = typeof contractOrders.$inferSelect;
type State = ContractRow['state'];

export async function insertContract(
  db: Executor,
  values: WithExpressions<typeof contractOrders.$inferInsert>,
) {
  return insertRow(db, contractOrders, values);
}

export async function selectContract(db: Executor, id: number) {
  const [row] = await db.select().from(contractOrders).where(eq(contractOrders.id, id));
  return row;
}

/** The row if it is still in `state`, locked until the transaction ends. */
export async function lockInState(db: Executor, id: number, state: State) {
  const [row] = await db
    .select()
    .from(contractOrders)
    .where(and(eq(contractOrders.id, id), eq(contractOrders.state, state)))
    .for('update');
  return row;
}

/** Moves a row on from `from`; false when another transaction already did. */
export async function transition(
  db: Executor,
  id: number,
  from: State,
  values: Partial<typeof contractOrders.$inferInsert>,
): Promise<ContractRow | undefined> {
  const [row] = await db
    .update(contractOrders)
    .set(values)
    .where(and(eq(contractOrders.id, id), eq(contractOrders.state, from)))
    .returning();
  return row;
}

export async function selectAwaiting(db: Executor, code: string) {
  return db
    .select()
    .from(contractOrders)
    .where(and(eq(contractOrders.state, 'awaiting'), eq(contractOrders.code, code)));
}

export async function selectLive(db: Executor) {
  return db
    .select()
    .from(contractOrders)
    .where(inArray(contractOrders.state, ['awaiting', 'open']));
}

/** A page of orders, newest first; without `userId` (staff) every user's. */
export async function selectContractPage(
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
    q.userId === undefined ? undefined : eq(contractOrders.userId, q.userId),
    q.mode === undefined ? undefined : eq(contractOrders.mode, q.mode),
    inArray(contractOrders.state, q.states),
    q.code ? eq(contractOrders.code, q.code) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contractOrders)
      .where(where)
      .orderBy(desc(contractOrders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(contractOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectOpenOf(db: Executor, userId: number, mode: 'real' | 'demo') {
  return db
    .select()
    .from(contractOrders)
    .where(
      and(
        eq(contractOrders.userId, userId),
        eq(contractOrders.mode, mode),
        eq(contractOrders.state, 'open'),
      ),
    );
}

/** Realised profit (after the payout cap) of a user's closed positions since a time. */
export async function sumProfitSince(
  db: Executor,
  userId: number,
  mode: 'real' | 'demo',
  since: Date | undefined,
): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${contractOrders.profit}), 0)::text` })
    .from(contractOrders)
    .where(
      and(
        eq(contractOrders.userId, userId),
        eq(contractOrders.mode, mode),
        eq(contractOrders.state, 'closed'),
        since ? sql`${contractOrders.closedAt} >= ${since}` : undefined,
      ),
    );
  return row?.total ?? '0';
}

/** Notional opened in real mode since a time (the home page's turnover). */
export async function sumOpenedNotionalSince(db: Executor, since: Date): Promise<string> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${contractOrders.lots} * ${contractOrders.contractSize} * ${contractOrders.openPrice}), 0)::text`,
    })
    .from(contractOrders)
    .where(and(eq(contractOrders.mode, 'real'), sql`${contractOrders.openedAt} >= ${since}`));
  return row?.total ?? '0';
}
