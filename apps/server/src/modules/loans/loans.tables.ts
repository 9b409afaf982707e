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

/** A loan product set by admins: its range, the lengths it offers and its daily rate. */
export const loanProducts = pgTable('loan_products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  asset: text('asset').notNull().default('USDT'),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  terms: jsonb('terms').$type<number[]>().notNull(),
  dailyRate: rate('daily_rate').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A loan with the terms it was signed on and the signed agreement (private file, SHA-256 kept).
 * pending -> repaying (approved: principal paid from the loan book, due at approval + days) or
 * rejected; repaying -> repaid (early, or collected on the due date) or expired (not enough on the
 * due date: damages accrue per started overdue day, `overdueDays` of them so far); expired ->
 * repaid. One open loan per user, held by the database under races (10149).
 */
export const loans = pgTable(
  'loans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    loanNo: text('loan_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    productName: text('product_name').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    days: integer('days').notNull(),
    dailyRate: rate('daily_rate').notNull(),
    freeDays: integer('free_days').notNull(),
    penaltyRate: rate('penalty_rate').notNull(),
    totalInterest: money('total_interest').notNull(),
    dueAmount: money('due_amount').notNull(),
    state: text('state', {
      enum: ['pending', 'repaying', 'repaid', 'expired', 'rejected'],
    }).notNull(),
    reason: text('reason'),
    borrowerName: text('borrower_name').notNull(),
    locale: text('locale').notNull(),
    agreementKey: text('agreement_key').notNull(),
    agreementSha256: text('agreement_sha256').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the borrower was reminded that the due date is a day away (once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    overdueDays: integer('overdue_days').notNull().default(0),
    damages: money('damages').notNull().default('0'),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    repaidAmount: money('repaid_amount'),
    interestPaid: money('interest_paid'),
  },
  (t) => [
    check('loans_days', sql`${t.days} in (7, 14, 30, 60, 90)`),
    index('loans_user_idx').on(t.userId, t.id),
    index('loans_due_idx').on(t.state, t.dueAt),
    uniqueIndex('loans_one_open')
      .on(t.userId)
      .where(sql`${t.state} in ('pending', 'repaying', 'expired')`),
  ],
);
