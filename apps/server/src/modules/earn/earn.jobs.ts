import type { PeriodicJob } from '../../platform/jobs';
import { publishUserEvent } from '../../platform/socket-hub';
import { payDueDays } from './earn.service';

/**
 * Every minute: the profit-sharing days of smart plans that came due by the minute's end, each
 * paid once (its own ledger reason, the plan's paid-day count moved in the same transaction);
 * minutes missed while no node ran are caught up oldest first by the jobs runner.
 */
export const earnAccrualJob: PeriodicJob = {
  name: 'earn.accrue',
  periodMs: 60_000,
  async run({ tx, periodEnd, bus }) {
    const changed = await payDueDays(tx, periodEnd);
    return async () => {
      if (!bus) return;
      // After the commit: each owner's plan and balance are refreshed on their socket.
      for (const row of changed) {
        await publishUserEvent(bus, row.userId, 'order', {
          product: 'smart',
          id: row.id,
          state: row.state,
        });
        await publishUserEvent(bus, row.userId, 'balance', { mode: 'real' });
      }
    };
  },
};
