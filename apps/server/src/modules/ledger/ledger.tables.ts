import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Amounts: 38 digits with 8 decimals covers every asset scale (USDT 6, coins 8, fiat 2). */
const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });

/**
 * A balance: (owner, mode, asset, bucket). Owners are users or named system accounts. The check
 * keeps every user balance at or above zero even if code above it were wrong.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerType: text('owner_type', { enum: ['user', 'system'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    systemName: text('system_name'),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    asset: text('asset').notNull(),
    bucket: text('bucket').notNull(),
    balance: amount('balance').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_identity')
      .on(t.ownerType, t.userId, t.systemName, t.mode, t.asset, t.bucket)
      .nullsNotDistinct(),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.ownerType} = 'user') = (${t.userId} is not null)
      and (${t.ownerType} = 'system') = (${t.systemName} is not null)`,
    ),
    check('ledger_accounts_mode_check', sql`${t.mode} in ('real', 'demo')`),
    check('ledger_accounts_user_nonnegative', sql`${t.ownerType} <> 'user' or ${t.balance} >= 0`),
    index('ledger_accounts_user_idx').on(t.userId, t.mode),
  ],
);

/** A balanced set of postings with its reason; (kind, ref) is unique so a reason posts once. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    memo: jsonb('memo').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_transactions_reason').on(t.kind, t.ref),
    // Daily figures read a day of entries (an inviter's commission on the day's fees).
    index('ledger_transactions_created_idx').on(t.createdAt),
  ],
);

/**
 * One movement of a transaction on one account. The ledger is append-only (migration 0022: no row
 * of the three tables is ever deleted or truncated, and transactions and postings are never
 * updated), so a posting's transaction and account, both written or locked in the same database
 * transaction, always exist; no foreign-key trigger checks each posting on its way in (a tick that
 * settles a thousand options writes 2,500 of them). `ledger:check` proves it
 * (`posting_has_parents`).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    asset: text('asset').notNull(),
    amount: amount('amount').notNull(),
    balanceAfter: amount('balance_after').notNull(),
  },
  (t) => [
    check('ledger_postings_nonzero', sql`${t.amount} <> 0`),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_transaction_idx').on(t.transactionId),
  ],
);
