import type { PeriodicJob } from '../../platform/jobs';
import { publishUserEvent } from '../../platform/socket-hub';
import { payDueDays } from './earn.service';

/**
 * Every minute: the profit-sharing days of smart plans that came due by the minute's end, each
 * paid once (its own ledger reason, the plan's paid-day count moved in the same transaction);
 * after downtime the latest minute settles what the missed ones held (a sweep), each day still once.
 */
export const earnAccrualJob: PeriodicJob = {
  name: 'earn.accrue',
  periodMs: 60_000,
  sweep: true,
  async run({ tx, periodEnd, bus }) {
    const { changed, publish } = await payDueDays(tx, periodEnd);
    return async () => {
      if (!bus) return;
      await publish(bus);
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
