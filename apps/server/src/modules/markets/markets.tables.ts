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
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const price = (name: string) => numeric(name, { precision: 38, scale: 12 });

/** Tradable instruments of all six market types (DOMAIN.md, Markets). */
export const instruments = pgTable(
  'instruments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    /** Names in other languages where they differ from the English name. */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    logo: text('logo').notNull(),
    quoteAsset: text('quote_asset').notNull().default('USDT'),
    precision: integer('precision').notNull(),
    contractSize: numeric('contract_size', { precision: 38, scale: 8 }).notNull(),
    leverages: integer('leverages').array().notNull(),
    calendar: text('calendar').notNull(),
    spread: numeric('spread', { precision: 12, scale: 8 }).notNull(),
    /** Fee rate of spot and contract orders on this instrument; null: the products' parameters. */
    feeRate: numeric('fee_rate', { precision: 12, scale: 8 }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(100),
    /** Simulator parameters: the level at the reference time and the annualised volatility. */
    simBase: price('sim_base').notNull(),
    simVolatility: numeric('sim_volatility', { precision: 8, scale: 4 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('instruments_type_check', sql`${t.type} between 1 and 6`),
    check(
      'instruments_calendar_check',
      sql`${t.calendar} in ('always', 'fx', 'us_equity', 'cme_globex')`,
    ),
    check('instruments_precision_check', sql`${t.precision} between 0 and 10`),
    check(
      'instruments_fee_rate_check',
      sql`${t.feeRate} is null or ${t.feeRate} between 0 and 0.1`,
    ),
    index('instruments_type_idx').on(t.type, t.sort),
  ],
);

/** One-minute candles of live feeds (the simulator's are recomputed from its price function). */
export const marketCandles = pgTable(
  'market_candles',
  {
    code: text('code').notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    open: price('open').notNull(),
    high: price('high').notNull(),
    low: price('low').notNull(),
    close: price('close').notNull(),
    ticks: integer('ticks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.start] })],
);

/** Every tick that settled an order: the evidence of the price an outcome was decided by. */
export const recordedTicks = pgTable(
  'recorded_ticks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    source: text('source').notNull(),
    price: price('price').notNull(),
    ts: timestamp('ts', { withTimezone: true, precision: 3 }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('recorded_ticks_code_ts_idx').on(t.code, t.ts)],
);
