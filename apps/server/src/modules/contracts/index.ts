import type { TradingDeps, TradingModule } from '../triggers';
import { selectOpenOf, sumOpenedNotionalSince, sumProfitSince } from './contracts.repo';
import { contractsRoutes } from './contracts.routes';
import { unrealisedOf } from './contracts.service';
import { contractsTriggers } from './contracts.triggers';

export { cancelAwaitingContract } from './contracts.service';

/** Contract (U) positions: isolated margin, SL/TP and liquidation through the trigger engine. */
export function contractsModule(deps: TradingDeps): TradingModule {
  return {
    product: 'contract',
    routes: contractsRoutes(deps),
    triggers: contractsTriggers(deps),
    turnoverSince: (since) => sumOpenedNotionalSince(deps.db, since),
    profit: async (q) => ({
      realised: await sumProfitSince(deps.db, q.userId, q.mode, q.since),
      unrealised: unrealisedOf(deps, await selectOpenOf(deps.db, q.userId, q.mode)),
    }),
  };
}
