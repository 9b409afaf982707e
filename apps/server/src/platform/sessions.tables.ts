import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login sessions for both principals. Only the SHA-256 of the bearer token is stored, so a read of
 * this table cannot be replayed as a login.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    principal: text('principal', { enum: ['user', 'staff'] }).notNull(),
    principalId: bigint('principal_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    check('sessions_principal_check', sql`${t.principal} in ('user', 'staff')`),
    index('sessions_principal_idx').on(t.principal, t.principalId),
  ],
);
