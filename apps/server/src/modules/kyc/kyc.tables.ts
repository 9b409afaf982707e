import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** KYC submissions: one pending at a time per user (partial unique index), reviewed by staff. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    sex: text('sex', { enum: ['male', 'female'] }).notNull(),
    birthdate: text('birthdate').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    documentType: text('document_type', {
      enum: ['id_card', 'passport', 'driver_licence'],
    }).notNull(),
    reason: text('reason'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    reviewer: text('reviewer'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.id),
    index('kyc_submissions_status_idx').on(t.status, t.id),
    uniqueIndex('kyc_submissions_one_open_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'verified')`),
  ],
);

/** The images of a submission, stored privately under generated names. */
export const kycFiles = pgTable(
  'kyc_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: bigint('submission_id', { mode: 'number' })
      .notNull()
      .references(() => kycSubmissions.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    slot: text('slot', { enum: ['front', 'back', 'hand', 'signature'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_files_submission_idx').on(t.submissionId)],
);
