import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const price = (name: string) => numeric(name, { precision: 38, scale: 12 });

/**
 * A customer's price alert on an instrument: at or above a level, at or below one, or a move of a
 * percentage either way from the price when it was set. It rests in the trigger engine as one or
 * two levels and fires once: `active` becomes `triggered` in one conditional update, so two nodes
 * never deliver it twice; the deciding tick is kept with it.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    type: text('type', { enum: ['above', 'below', 'move'] }).notNull(),
    /** The price when it was set (the base of a move). */
    reference: price('reference').notNull(),
    /** A move's share, e.g. 0.05 for 5 %. */
    percent: numeric('percent', { precision: 12, scale: 8 }),
    /** The level it fires at going up, and going down (either may be null). */
    upLevel: price('up_level'),
    downLevel: price('down_level'),
    state: text('state', { enum: ['active', 'triggered', 'cancelled'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    tickPrice: price('tick_price'),
    tickTs: timestamp('tick_ts', { withTimezone: true }),
  },
  (t) => [
    check('price_alerts_state_check', sql`${t.state} in ('active', 'triggered', 'cancelled')`),
    index('price_alerts_user_idx').on(t.userId),
    index('price_alerts_active_idx').on(t.state),
  ],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
