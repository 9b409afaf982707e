import {
  bigint,
  date,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 38, scale: 8 });

/**
 * One inviter's commission for one day and asset: the friends' trading fees of that day (UTC),
 * the level and rate it was paid at, and the amount paid from `fees`. Unique per inviter, day and
 * asset, so a day is paid once whatever the jobs runner does.
 */
export const inviteCommissions = pgTable(
  'invite_commissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inviterId: bigint('inviter_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    asset: text('asset').notNull(),
    fees: money('fees').notNull(),
    level: integer('level').notNull(),
    rate: numeric('rate', { precision: 12, scale: 8 }).notNull(),
    /** Friends who had funded and traded by the day's end (what set the level). */
    qualifiedFriends: integer('qualified_friends').notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('invite_commissions_once').on(t.inviterId, t.day, t.asset)],
);

export type InviteCommissionRow = typeof inviteCommissions.$inferSelect;
