import { purgeDeadSessions } from './auth';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import type { PeriodicJob } from './jobs';

/** Hourly: forget expired Idempotency-Key replies and sessions that ended over 30 days ago. */
export const housekeepingJob: PeriodicJob = {
  name: 'housekeeping.purge',
  periodMs: 3_600_000,
  sweep: true,
  async run({ tx, periodEnd }) {
    await purgeExpiredIdempotencyKeys(tx, periodEnd);
    await purgeDeadSessions(tx, periodEnd);
  },
};
