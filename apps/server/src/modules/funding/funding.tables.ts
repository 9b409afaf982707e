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
  unique,
} from 'drizzle-orm/pg-core';

const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });
const REVIEW = ['pending', 'approved', 'rejected'] as const;

/** The platform's receiving address per coin and network, configured by finance staff. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('deposit_addresses_coin_network').on(t.coin, t.network)],
);

/** What the chain said about a deposit's transaction when staff looked (read calls only). */
export interface ChainFacts {
  checkedAt: string;
  found: boolean;
  to?: string | undefined;
  token?: string | undefined;
  amount?: string | undefined;
  confirmations?: number | undefined;
  paysPlatform?: boolean | undefined;
  error?: string | undefined;
}

/** A deposit the user reported, with its proof; credited from `custody` when approved. */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: amount('amount').notNull(),
    /** Lower case, so one transaction cannot be reported twice in two spellings. */
    txHash: text('tx_hash').notNull(),
    lastSix: text('last_six').notNull(),
    proofKey: text('proof_key').notNull(),
    proofType: text('proof_type').notNull(),
    state: text('state', { enum: REVIEW }).notNull().default('pending'),
    reason: text('reason'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    reviewer: text('reviewer'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    chain: jsonb('chain').$type<ChainFacts>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deposits_state_check', sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check('deposits_amount_check', sql`${t.amount} > 0`),
    unique('deposits_tx_hash').on(t.network, t.txHash),
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_state_idx').on(t.state, t.id),
  ],
);

/**
 * A withdrawal: the amount is frozen when submitted; approval pays `actual` to `custody` and the
 * fee to `fees`; rejection returns the whole amount. Above the four-eyes threshold a second
 * finance member must approve (`firstApprover` holds the first).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['crypto', 'bank'] }).notNull(),
    coin: text('coin').notNull(),
    network: text('network'),
    address: text('address'),
    bankType: text('bank_type'),
    accountNumber: text('account_number'),
    holderName: text('holder_name'),
    amount: amount('amount').notNull(),
    feeRate: numeric('fee_rate', { precision: 12, scale: 8 }).notNull(),
    fee: amount('fee').notNull(),
    actual: amount('actual').notNull(),
    /** The amount's value in USDT at submission, for the four-eyes rule. */
    valueUsdt: amount('value_usdt').notNull(),
    needsSecond: boolean('needs_second').notNull().default(false),
    firstApproverId: bigint('first_approver_id', { mode: 'number' }),
    firstApprover: text('first_approver'),
    state: text('state', { enum: REVIEW }).notNull().default('pending'),
    reason: text('reason'),
    payoutRef: text('payout_ref'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    reviewer: text('reviewer'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('withdrawals_state_check', sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check('withdrawals_amount_check', sql`${t.amount} > 0 and ${t.actual} > 0`),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_state_idx').on(t.state, t.id),
  ],
);

/** Wrong withdrawal passwords in the current window; five lock withdrawals for 15 minutes. */
export const withdrawGuards = pgTable('withdraw_guards', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Whitelist mode: crypto withdrawals only to saved addresses past their hold, no bank ones. */
  whitelist: boolean('whitelist').notNull().default(false),
});

/**
 * A customer's saved withdrawal addresses (the address book), each with a label. A new one can
 * receive withdrawals only from `usableFrom` (creation + the hold parameter), so a stolen session
 * cannot add an address and empty the account at once.
 */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usableFrom: timestamp('usable_from', { withTimezone: true }).notNull(),
  },
  (t) => [unique('withdraw_addresses_once').on(t.userId, t.coin, t.network, t.address)],
);
