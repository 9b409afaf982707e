import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });

/**
 * A convert quote and, once accepted, the conversion: every figure the user saw is kept, and an
 * acceptance converts at exactly these figures.
 */
export const convertOrders = pgTable(
  'convert_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quoteId: text('quote_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    state: text('state', { enum: ['quoted', 'done'] }).notNull(),
    fromAsset: text('from_asset').notNull(),
    toAsset: text('to_asset').notNull(),
    amount: amount('amount').notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
    feeRate: numeric('fee_rate', { precision: 12, scale: 8 }).notNull(),
    gross: amount('gross').notNull(),
    fee: amount('fee').notNull(),
    receive: amount('receive').notNull(),
    /** USDT value of the amount at the quote (the home page's turnover). */
    valueUsdt: amount('value_usdt').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    check('convert_orders_state_check', sql`${t.state} in ('quoted', 'done')`),
    index('convert_orders_user_idx').on(t.userId, t.mode, t.state, t.id),
  ],
);
