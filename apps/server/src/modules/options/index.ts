import type { Executor } from '../../platform/db';
import type { TradingDeps, TradingModule } from '../triggers';
import { DEFAULT_PERIODS } from './options.rules';
import { insertMissingProducts, sumResultSince, sumStakesSince } from './options.repo';
import { optionsRoutes } from './options.routes';
import { EXPIRY_KIND, runningExpiries, settleExpired } from './options.service';

/** Short-period options: products per instrument, purchases, and settlement at expiry. */
export function optionsModule(deps: TradingDeps): TradingModule {
  return {
    product: 'options',
    routes: optionsRoutes(deps),
    triggers: {
      kinds: [EXPIRY_KIND],
      load: () => runningExpiries(deps),
      fire: (hits, tick) => settleExpired(deps, hits, tick),
    },
    turnoverSince: (since) => sumStakesSince(deps.db, since),
    profit: async (q) => ({
      realised: await sumResultSince(deps.db, q.userId, q.mode, q.since),
      // A running option has no market value before expiry: nothing unrealised to show.
      unrealised: '0',
    }),
  };
}

/** A product with the default periods for every instrument that has none. */
export function seedOptionsProducts(db: Executor, codes: readonly string[]): Promise<void> {
  return insertMissingProducts(db, codes, DEFAULT_PERIODS);
}
