import { bigint, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users.tables';

/**
 * A customer's authenticator (RFC 6238). Set up with a pending secret, on from the first good code
 * (`enabledAt`); `lastStep` is the last accepted time step, so no code is ever accepted twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten one-time recovery codes per enrolment, shown once; only their SHA-256 is kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [unique('user_recovery_codes_once').on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in when two-factor authentication is on: the password (or Google, or
 * the wallet) was right; the session opens only with a code. Only the token's hash is kept; it
 * lives 5 minutes, takes 5 wrong codes, and is used once.
 */
export const loginChallenges = pgTable('login_challenges', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  /** The sign-in created the account (a first Google or wallet sign-in): the greeting differs. */
  created: integer('created').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
