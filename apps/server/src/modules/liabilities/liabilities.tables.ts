import type { LiabilityBalance } from '@swx/contract';
import {
  bigint,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** One published tree per day (UTC): the day is the key, so a day can never have two roots. */
export const liabilityRoots = pgTable('liability_roots', {
  day: date('day', { mode: 'string' }).primaryKey(),
  root: text('root').notNull(),
  leafCount: integer('leaf_count').notNull(),
  /** When the balances were read (the platform's clock). */
  snapshotAt: timestamp('snapshot_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The day's total per asset: the sum of every leaf's balance of that asset. */
export const liabilityTotals = pgTable(
  'liability_totals',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => liabilityRoots.day),
    asset: text('asset').notNull(),
    total: numeric('total', { precision: 38, scale: 8 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.asset] })],
);

/**
 * A customer's leaf: exactly the fields that are hashed (liabilities-proof.ts in the contract),
 * the balances as their canonical decimal strings. The salt is random per customer and day and
 * is shown only to that customer, so nobody else can test guesses of an amount against a hash.
 */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => liabilityRoots.day),
    idx: integer('idx').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    salt: text('salt').notNull(),
    balances: jsonb('balances').$type<LiabilityBalance[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.idx] }),
    unique('liability_leaves_user').on(t.day, t.userId),
  ],
);

/** Every node of the day's tree (level 0: the leaf hashes), so a proof is a handful of lookups. */
export const liabilityNodes = pgTable(
  'liability_nodes',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => liabilityRoots.day),
    level: integer('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.level, t.idx] })],
);
