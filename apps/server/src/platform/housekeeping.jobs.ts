import { purgeDeadSessions } from './auth';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import type { PeriodicJob } from './jobs';

/**
 * Hourly: forget expired Idempotency-Key replies and sessions that ended over 30 days ago. Both
 * are stamped on the wall clock, so a job clock ahead of it (a test clock) never purges early: a
 * reply forgotten too soon would let a retry act a second time.
 */
export const housekeepingJob: PeriodicJob = {
  name: 'housekeeping.purge',
  periodMs: 3_600_000,
  sweep: true,
  async run({ tx, periodEnd }) {
    const upTo = new Date(Math.min(periodEnd.getTime(), Date.now()));
    await purgeExpiredIdempotencyKeys(tx, upTo);
    await purgeDeadSessions(tx, upTo);
  },
};
