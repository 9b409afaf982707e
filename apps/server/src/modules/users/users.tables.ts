import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Customer accounts: at least one of password (with email or phone), Google or wallet. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull().unique(),
    email: text('email').unique(),
    areaCode: text('area_code'),
    /** E.164 with the plus sign: `+<area code><national number>`. */
    phone: text('phone').unique(),
    passwordHash: text('password_hash'),
    withdrawPasswordHash: text('withdraw_password_hash'),
    googleSub: text('google_sub').unique(),
    /** Lower-case hex; shown checksummed. */
    walletAddress: text('wallet_address').unique(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    demoEnabled: boolean('demo_enabled').notNull().default(true),
    locale: text('locale').notNull().default('en'),
    inviteCode: text('invite_code').notNull().unique(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references((): AnyPgColumn => users.id),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The phrase every mail to the user shows (anti-phishing); null when not set. */
    antiPhishingCode: text('anti_phishing_code'),
    /** The first approved deposit (the invitation programme's "funded"). */
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('active', 'disabled')`),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
);

/**
 * One-time codes sent by mail or SMS. Only a hash is kept. The newest live code of an address and
 * purpose is the one that counts; five wrong tries kill it.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `email:<address>` or `phone:+<digits>`. */
    address: text('address').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_address_idx').on(t.address, t.createdAt)],
);

/** Login attempts, for throttling per account and per address and for the back office. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    ip: text('ip'),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_user_idx').on(t.userId, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Devices a user has logged in from (hash of the user agent), to notice a new one. */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** Sign-In with Ethereum nonces: issued once, used once. */
export const siweNonces = pgTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
