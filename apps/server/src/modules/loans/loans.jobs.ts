import type { PeriodicJob } from '../../platform/jobs';
import { publishUserEvent } from '../../platform/socket-hub';
import { remindDueLoans, settleDueLoans } from './loans.repayment';

/**
 * Every minute: loans whose repayment date came by the minute's end are collected from available
 * or turn overdue, and overdue loans add each overdue day's damages as it begins; a borrower whose
 * date is a day away is reminded; each step once
 * (the loan row is locked and its state moves in the same transaction); after downtime the latest
 * minute settles what the missed ones held (a sweep).
 */
export const loanDueJob: PeriodicJob = {
  name: 'loans.due',
  periodMs: 60_000,
  sweep: true,
  async run({ tx, periodEnd, bus }) {
    const changed = await settleDueLoans(tx, periodEnd);
    const reminders = await remindDueLoans(tx, periodEnd);
    return async () => {
      if (!bus) return;
      for (const reminder of reminders) await reminder.publish(bus);
      for (const { row, note } of changed) {
        await publishUserEvent(bus, row.userId, 'order', {
          product: 'loan',
          id: row.id,
          state: row.state,
        });
        await publishUserEvent(bus, row.userId, 'balance', { mode: 'real' });
        await note?.publish(bus);
      }
    };
  },
};
