import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How far the trigger engine has checked the simulated feed: the last whole second every resting
 * level and expiry was checked against. On boot, the seconds after it are replayed, so what came
 * due while no node was running settles at that moment's price. Shared by every node (the latest
 * wins).
 */
export const triggerWatermarks = pgTable('trigger_watermarks', {
  feed: text('feed').primaryKey(),
  second: bigint('second', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
