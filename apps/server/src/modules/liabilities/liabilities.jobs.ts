import type { PeriodicJob } from '../../platform/jobs';
import { dayOf } from './liabilities.rules';
import { publishDay } from './liabilities.service';

/**
 * Every day (UTC), once it has ended: the proof-of-liabilities tree of the customers' real
 * balances, published once (the job's unit key and the day's primary key). A sweep: balances
 * cannot be read back in time, so after downtime only the latest ended day is published, read at
 * the moment of catching up (its `snapshotAt` says when); the days missed get no invented root.
 */
export function liabilitiesJob(now: () => Date): PeriodicJob {
  return {
    name: 'liabilities.publish',
    periodMs: 86_400_000,
    sweep: true,
    async run({ tx, periodStart }) {
      await publishDay(tx, dayOf(periodStart), now());
    },
  };
}
