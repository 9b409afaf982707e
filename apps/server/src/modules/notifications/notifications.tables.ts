import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A user's notifications: a kind and its parameters, worded by the app in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/** Kinds a customer turned off (a row per kind that differs from the default: on). */
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
