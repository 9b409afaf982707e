import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail and SMS the platform sends. Without a provider the row is the delivery (status
 * `outbox`, body kept so staff and testers can read it in the back office); with one, the body is
 * not kept (it carries one-time codes) and the row records the outcome.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body'),
    status: text('status', { enum: ['outbox', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.recipient, t.id),
    index('outbox_messages_created_idx').on(t.createdAt),
  ],
);
