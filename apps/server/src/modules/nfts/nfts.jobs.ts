import type { PeriodicJob } from '../../platform/jobs';
import { announceClosed, closeEnded } from './nfts.service';

/**
 * Every minute: auctions that ended by the minute's end close once each (the leading bid wins and
 * its funds go to charity, or the item is unsold); after downtime the latest minute closes what
 * ended in the missed ones (a sweep).
 */
export const nftCloseJob: PeriodicJob = {
  name: 'nfts.close',
  periodMs: 60_000,
  sweep: true,
  async run({ tx, periodEnd, bus }) {
    const closed = await closeEnded(tx, periodEnd);
    return async () => {
      if (bus) await announceClosed({ bus, now: () => periodEnd }, closed);
    };
  },
};
