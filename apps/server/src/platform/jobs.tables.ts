import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Per job, the start of the oldest period not yet known to be done (the catch-up cursor). */
export const jobSchedules = pgTable('job_schedules', {
  job: text('job').primaryKey(),
  nextPeriodStart: timestamp('next_period_start', { withTimezone: true }).notNull(),
});

/**
 * One row per unit of work (job + settlement key). The primary key makes a unit claimable once;
 * `done` is written in the same transaction as the unit's effects.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    key: text('key').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    claim: text('claim').notNull(),
    node: text('node').notNull(),
    attempts: integer('attempts').notNull().default(1),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.key] }),
    check('job_runs_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);
