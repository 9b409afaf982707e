import type { PeriodicJob } from '../../platform/jobs';
import { payDueDays } from './earn.service';

/**
 * Every minute: the profit-sharing days of smart plans that came due by the minute's end, each
 * paid once (its own ledger reason, the plan's paid-day count moved in the same transaction);
 * minutes missed while no node ran are caught up oldest first by the jobs runner.
 */
export const earnAccrualJob: PeriodicJob = {
  name: 'earn.accrue',
  periodMs: 60_000,
  async run({ tx, periodEnd }) {
    await payDueDays(tx, periodEnd);
  },
};
