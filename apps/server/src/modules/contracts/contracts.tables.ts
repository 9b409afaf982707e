import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
const price = (name: string) => numeric(name, { precision: 38, scale: 12 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/**
 * A contract (U) order and, once open, its isolated-margin position. Every term it was placed on
 * is kept on the row (contract size, leverage, fee rate, maintenance ratio, spread) together with
 * the ticks that opened and closed it.
 */
export const contractOrders = pgTable(
  'contract_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    code: text('code').notNull(),
    direction: text('direction', { enum: ['long', 'short'] }).notNull(),
    type: text('type', { enum: ['market', 'limit'] }).notNull(),
    state: text('state', { enum: ['awaiting', 'open', 'closed', 'cancelled'] }).notNull(),
    lots: numeric('lots', { precision: 20, scale: 2 }).notNull(),
    leverage: integer('leverage').notNull(),
    contractSize: numeric('contract_size', { precision: 38, scale: 8 }).notNull(),
    feeRate: rate('fee_rate').notNull(),
    maintenanceMarginRatio: rate('maintenance_margin_ratio').notNull(),
    spread: rate('spread').notNull(),
    limitPrice: price('limit_price'),
    /** Frozen while a limit order waits: its margin and fee at the limit price. */
    frozen: money('frozen'),
    openPrice: price('open_price'),
    margin: money('margin').notNull(),
    fee: money('fee').notNull(),
    stopLoss: price('stop_loss'),
    takeProfit: price('take_profit'),
    liquidationPrice: price('liquidation_price'),
    closePrice: price('close_price'),
    profit: money('profit'),
    closeReason: text('close_reason', { enum: ['user', 'sl', 'tp', 'liquidation'] }),
    openTickId: bigint('open_tick_id', { mode: 'number' }),
    openTickPrice: price('open_tick_price'),
    openTickAt: timestamp('open_tick_at', { withTimezone: true, precision: 3 }),
    openTickSource: text('open_tick_source'),
    closeTickId: bigint('close_tick_id', { mode: 'number' }),
    closeTickPrice: price('close_tick_price'),
    closeTickAt: timestamp('close_tick_at', { withTimezone: true, precision: 3 }),
    closeTickSource: text('close_tick_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'contract_orders_state_check',
      sql`${t.state} in ('awaiting', 'open', 'closed', 'cancelled')`,
    ),
    check('contract_orders_lots_check', sql`${t.lots} > 0`),
    index('contract_orders_user_idx').on(t.userId, t.mode, t.state, t.id),
    index('contract_orders_live_idx')
      .on(t.state)
      .where(sql`${t.state} in ('awaiting', 'open')`),
  ],
);
