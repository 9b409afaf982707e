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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

export interface SmartTermRow {
  days: number;
  dailyYield: string;
}

/** A smart trading plan product: its range, its terms and the early-exit penalty. */
export const smartProducts = pgTable('smart_products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  asset: text('asset').notNull().default('USDT'),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  terms: jsonb('terms').$type<SmartTermRow[]>().notNull(),
  penaltyRate: rate('penalty_rate').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A plan bought by a user, with the terms it was bought on. `paidDays` counts the profit-sharing
 * days paid; day k is due at startAt + k days and is posted once under the reason
 * (`earn.accrue`, `<orderNo>:<k>`). One plan per product per user earns at a time.
 */
export const smartOrders = pgTable(
  'smart_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    productName: text('product_name').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    days: integer('days').notNull(),
    dailyYield: rate('daily_yield').notNull(),
    penaltyRate: rate('penalty_rate').notNull(),
    dailyEarning: money('daily_earning').notNull(),
    state: text('state', { enum: ['earning', 'shared', 'expired'] }).notNull(),
    paidDays: integer('paid_days').notNull().default(0),
    accruedProfit: money('accrued_profit').notNull().default('0'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    penalty: money('penalty'),
    refund: money('refund'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('smart_orders_paid_days', sql`${t.paidDays} between 0 and ${t.days}`),
    index('smart_orders_user_idx').on(t.userId, t.id),
    index('smart_orders_due_idx').on(t.state, t.startAt),
    // DOMAIN: one running plan per product per user (10024), held by the database under races.
    uniqueIndex('smart_orders_one_running')
      .on(t.userId, t.productId)
      .where(sql`${t.state} = 'earning'`),
  ],
);
