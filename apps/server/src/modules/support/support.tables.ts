import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A support conversation: one per customer (a unique index), or one per message a visitor left
 * with an email address. Read pointers are message ids: everything up to them was seen by that
 * side (read receipts, unread counts).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    visitorEmail: text('visitor_email'),
    visitorName: text('visitor_name'),
    /** The language replies are mailed in and canned replies are chosen in. */
    locale: text('locale').notNull().default('en'),
    /** The account mode the customer was in when they last wrote. */
    mode: text('mode', { enum: ['real', 'demo'] })
      .notNull()
      .default('real'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    /** The first customer message support has not answered yet; null when support spoke last. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastText: text('last_text'),
    customerReadUpTo: bigint('customer_read_up_to', { mode: 'number' }).notNull().default(0),
    staffReadUpTo: bigint('staff_read_up_to', { mode: 'number' }).notNull().default(0),
    /** Staff messages up to this id were mailed to the customer (or were read first). */
    mailedUpTo: bigint('mailed_up_to', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('support_conversations_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('support_conversations_queue_idx').on(t.status, t.waitingSince),
    index('support_conversations_recent_idx').on(t.lastMessageAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => supportConversations.id),
    author: text('author', { enum: ['customer', 'staff', 'visitor'] }).notNull(),
    staffId: bigint('staff_id', { mode: 'number' }),
    staffName: text('staff_name'),
    text: text('text'),
    imageId: bigint('image_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** An image of a message, stored privately; served to the conversation's customer and staff. */
export const supportImages = pgTable('support_images', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  conversationId: bigint('conversation_id', { mode: 'number' })
    .notNull()
    .references(() => supportConversations.id),
  storageKey: text('storage_key').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Replies support staff pick from; every one in all 11 languages. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  texts: jsonb('texts').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
