import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff action, append-only (a trigger refuses UPDATE and DELETE) and hash-chained: each
 * row's hash covers its content and the previous row's hash, so an edit shows up in the check.
 */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  staffId: bigint('staff_id', { mode: 'number' }),
  /** The staff username at the time of the action (kept even if the account is renamed). */
  actor: text('actor'),
  action: text('action').notNull(),
  target: text('target').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  ip: text('ip'),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull().unique(),
});
