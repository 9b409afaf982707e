import { OptionsState } from '@swx/contract';
import type { Executor } from '../../platform/db';
import { statesWanted, type TradingDeps, type TradingModule } from '../triggers';
import { optionsAdminRoutes } from './options.admin';
import { DEFAULT_PERIODS } from './options.rules';
import {
  insertMissingProducts,
  selectOrderPage,
  sumResultSince,
  sumStakesSince,
} from './options.repo';
import { optionsRoutes } from './options.routes';
import { toOrder } from './options.service';
import { EXPIRY_KIND, runningExpiries, settleExpired } from './options.settle';

/** Short-period options: products per instrument, purchases, and settlement at expiry. */
export function optionsModule(deps: TradingDeps): TradingModule {
  return {
    product: 'options',
    routes: optionsRoutes(deps),
    adminRoutes: optionsAdminRoutes(deps),
    triggers: {
      kinds: [EXPIRY_KIND],
      load: () => runningExpiries(deps),
      fire: (hits, tick) => settleExpired(deps, hits, tick),
    },
    staffOrders: async (q) => {
      const states = statesWanted(OptionsState.options, q.state);
      if (states.length === 0) return { list: [], total: 0 };
      const { rows, total } = await selectOrderPage(deps.db, { ...q, states });
      const list = rows.map((r) => ({
        product: 'options' as const,
        userId: r.userId,
        mode: r.mode,
        order: toOrder(deps, r),
      }));
      return { list, total };
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
