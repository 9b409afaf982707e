import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });
const price = (name: string) => numeric(name, { precision: 38, scale: 12 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

/** A spot order on `<COIN>/USDT` with the terms it was placed on and the tick that filled it. */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    code: text('code').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['market', 'limit'] }).notNull(),
    state: text('state', { enum: ['waiting', 'filled', 'cancelled', 'revoked'] }).notNull(),
    limitPrice: price('limit_price'),
    quantity: amount('quantity'),
    turnover: amount('turnover'),
    feeRate: rate('fee_rate').notNull(),
    spread: rate('spread').notNull(),
    frozenAmount: amount('frozen_amount'),
    frozenAsset: text('frozen_asset'),
    fillPrice: price('fill_price'),
    filledQuantity: amount('filled_quantity'),
    filledTurnover: amount('filled_turnover'),
    fee: amount('fee'),
    feeAsset: text('fee_asset'),
    /** Realised result of a sell against the average cost of the coins bought here (USDT). */
    profit: amount('profit'),
    tickId: bigint('tick_id', { mode: 'number' }),
    tickPrice: price('tick_price'),
    tickAt: timestamp('tick_at', { withTimezone: true, precision: 3 }),
    tickSource: text('tick_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'spot_orders_state_check',
      sql`${t.state} in ('waiting', 'filled', 'cancelled', 'revoked')`,
    ),
    index('spot_orders_user_idx').on(t.userId, t.mode, t.state, t.id),
    index('spot_orders_waiting_idx')
      .on(t.code)
      .where(sql`${t.state} = 'waiting'`),
  ],
);

/**
 * The coins a user bought through spot orders and what they cost (USDT), for the average-cost
 * result of later sells. Coins that arrived otherwise (convert) have no known cost and are left
 * out of the result.
 */
export const spotHoldings = pgTable(
  'spot_holdings',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    asset: text('asset').notNull(),
    quantity: amount('quantity').notNull(),
    cost: amount('cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mode, t.asset] })],
);
