import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
