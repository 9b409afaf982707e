import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first reply to each Idempotency-Key, per caller, kept for 24 hours. `token` names the attempt
 * that holds a pending key; every transaction that attempt commits sets `committed_at` in the same
 * transaction, so after a crash a retry knows whether anything was carried out.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: ['pending', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    contentType: text('content_type'),
    token: text('token'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('idempotency_status_check', sql`${t.status} in ('pending', 'done')`),
    index('idempotency_expires_idx').on(t.expiresAt),
  ],
);
