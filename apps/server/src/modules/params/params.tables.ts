import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** System parameters (DOMAIN.md *param*): staff edit them, getParamByKey reads them. */
export const systemParams = pgTable('system_params', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  kind: text('kind', { enum: ['decimal', 'integer', 'url', 'text'] }).notNull(),
  description: text('description').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});
