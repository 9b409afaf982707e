import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import { smartOrders, smartProducts } from './earn.tables';

export type SmartProductRow = typeof smartProducts.$inferSelect;
export type SmartOrderRow = typeof smartOrders.$inferSelect;

export function selectProducts(db: Executor, enabledOnly: boolean) {
  return db
    .select()
    .from(smartProducts)
    .where(enabledOnly ? eq(smartProducts.enabled, true) : undefined)
    .orderBy(asc(smartProducts.id));
}

export async function selectProduct(db: Executor, id: number) {
  const [row] = await db.select().from(smartProducts).where(eq(smartProducts.id, id));
  return row;
}

export async function insertProduct(db: Executor, values: typeof smartProducts.$inferInsert) {
  const [row] = await db.insert(smartProducts).values(values).returning();
  if (!row) throw new Error('smart product not inserted');
  return row;
}

export async function updateProduct(
  db: Executor,
  id: number,
  values: Partial<typeof smartProducts.$inferInsert>,
) {
  const [row] = await db
    .update(smartProducts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(smartProducts.id, id))
    .returning();
  return row;
}

export async function insertOrder(tx: Tx, values: typeof smartOrders.$inferInsert) {
  const [row] = await tx.insert(smartOrders).values(values).returning();
  if (!row) throw new Error('smart order not inserted');
  return row;
}

/** A user's plan, locked for a change of state. */
export async function lockOwnOrder(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(smartOrders)
    .where(and(eq(smartOrders.id, id), eq(smartOrders.userId, userId)))
    .for('update');
  return row;
}

export async function updateOrder(
  tx: Tx,
  id: number,
  values: Partial<typeof smartOrders.$inferInsert>,
) {
  const [row] = await tx.update(smartOrders).set(values).where(eq(smartOrders.id, id)).returning();
  if (!row) throw new Error('smart order vanished');
  return row;
}

/** Earning plans whose next day is due by `by`, locked, oldest first. */
export function lockDueOrders(tx: Tx, by: Date, limit: number) {
  return tx
    .select()
    .from(smartOrders)
    .where(
      and(
        eq(smartOrders.state, 'earning'),
        lte(
          sql`${smartOrders.startAt} + (${smartOrders.paidDays} + 1) * interval '1 day'`,
          by.toISOString(),
        ),
      ),
    )
    .orderBy(asc(smartOrders.id))
    .limit(limit)
    .for('update');
}

export async function selectOrderPage(
  db: Executor,
  q: { userId: number; states: readonly SmartOrderRow['state'][]; page: number; pageSize: number },
) {
  const where = and(eq(smartOrders.userId, q.userId), inArray(smartOrders.state, [...q.states]));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smartOrders)
      .where(where)
      .orderBy(desc(smartOrders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(smartOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
