import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Back-office accounts, separate from customers. Roles: admin, finance, kyc, support. */
export const staff = pgTable(
  'staff',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('staff_status_check', sql`${t.status} in ('active', 'disabled')`),
    check(
      'staff_roles_check',
      sql`${t.roles} <@ array['admin', 'finance', 'kyc', 'support']::text[]`,
    ),
  ],
);

/** A sign-in between the password and the authenticator code (5 minutes, 5 tries). */
export const staffChallenges = pgTable('staff_challenges', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  staffId: bigint('staff_id', { mode: 'number' })
    .notNull()
    .references(() => staff.id),
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose', { enum: ['enroll', 'verify'] }).notNull(),
  pendingSecret: text('pending_secret'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
