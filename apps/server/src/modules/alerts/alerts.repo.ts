import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { priceAlerts, type PriceAlertRow } from './alerts.tables';

export async function insertAlert(
  db: Executor,
  row: typeof priceAlerts.$inferInsert,
): Promise<PriceAlertRow> {
  const [inserted] = await db.insert(priceAlerts).values(row).returning();
  if (!inserted) throw new Error('alert insert returned no row');
  return inserted;
}

export async function countActiveAlerts(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.state, 'active')));
  return row?.n ?? 0;
}

/** The user's alerts, active first, newest first; at most `limit`. */
export async function selectAlerts(db: Executor, userId: number, limit: number) {
  return db
    .select()
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(desc(eq(priceAlerts.state, 'active')), desc(priceAlerts.id))
    .limit(limit);
}

export async function selectActiveAlerts(db: Executor) {
  return db.select().from(priceAlerts).where(eq(priceAlerts.state, 'active'));
}

/** Cancels the user's own active alert; undefined when it is not theirs or not active. */
export async function cancelAlert(db: Executor, userId: number, id: number) {
  const [row] = await db
    .update(priceAlerts)
    .set({ state: 'cancelled' })
    .where(
      and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId), eq(priceAlerts.state, 'active')),
    )
    .returning();
  return row;
}

/** Fires alerts once: only those still active change, and are answered. */
export async function triggerAlerts(
  db: Executor,
  ids: readonly number[],
  tick: { price: string; ts: Date },
  now: Date,
): Promise<PriceAlertRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(priceAlerts)
    .set({ state: 'triggered', triggeredAt: now, tickPrice: tick.price, tickTs: tick.ts })
    .where(and(inArray(priceAlerts.id, [...ids]), eq(priceAlerts.state, 'active')))
    .returning();
}
