import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
const price = (name: string) => numeric(name, { precision: 38, scale: 12 });

export interface PeriodTerms {
  seconds: number;
  payoutRate: string;
  minAmount: string;
  maxAmount: string;
}

/** One options product per instrument: its periods and whether it is offered. */
export const optionsProducts = pgTable('options_products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  periods: jsonb('periods').$type<PeriodTerms[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A short-period option: the terms it was bought on, the tick that opened it and the tick that
 * settled it (ids in the recorded-tick store, with their price and time kept here for reading).
 */
export const optionsOrders = pgTable(
  'options_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    code: text('code').notNull(),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    amount: money('amount').notNull(),
    seconds: integer('seconds').notNull(),
    payoutRate: numeric('payout_rate', { precision: 12, scale: 8 }).notNull(),
    state: text('state', { enum: ['running', 'won', 'lost', 'draw'] }).notNull(),
    openTickId: bigint('open_tick_id', { mode: 'number' }).notNull(),
    openPrice: price('open_price').notNull(),
    openAt: timestamp('open_at', { withTimezone: true, precision: 3 }).notNull(),
    openSource: text('open_source').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settleTickId: bigint('settle_tick_id', { mode: 'number' }),
    settlePrice: price('settle_price'),
    settleAt: timestamp('settle_at', { withTimezone: true, precision: 3 }),
    settleSource: text('settle_source'),
    payout: money('payout'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('options_orders_state_check', sql`${t.state} in ('running', 'won', 'lost', 'draw')`),
    check('options_orders_amount_check', sql`${t.amount} > 0`),
    index('options_orders_user_idx').on(t.userId, t.mode, t.state, t.id),
    index('options_orders_running_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'running'`),
  ],
);
