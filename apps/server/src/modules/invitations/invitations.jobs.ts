import type { PeriodicJob } from '../../platform/jobs';
import { publishUserEvent } from '../../platform/socket-hub';
import { payCommissions, storedLevels } from './invitations.service';

/**
 * Every day (UTC), once the day has ended: each inviter's commission on the day's trading fees of
 * their friends. Each missed day runs on its own after downtime (not a sweep: a day's figures
 * are that day's), and a day is paid once per inviter and asset (a unique row and ledger reason).
 */
export const commissionJob: PeriodicJob = {
  name: 'invite.commission',
  periodMs: 86_400_000,
  async run({ tx, periodStart, bus }) {
    const { paid, publish } = await payCommissions(tx, periodStart, await storedLevels(tx));
    return async () => {
      if (!bus) return;
      await publish(bus);
      for (const inviterId of new Set(paid.map((p) => p.inviterId))) {
        await publishUserEvent(bus, inviterId, 'balance', { mode: 'real' });
      }
    };
  },
};
