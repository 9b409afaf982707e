import { ContractState } from '@swx/contract';
import { statesWanted, type TradingDeps, type TradingModule } from '../triggers';
import {
  selectContractPage,
  selectOpenOf,
  sumOpenedNotionalSince,
  sumProfitSince,
} from './contracts.repo';
import { contractsRoutes } from './contracts.routes';
import { revokeAwaitingContracts, toContract, unrealisedOf } from './contracts.service';
import { contractsTriggers } from './contracts.triggers';

export { cancelAwaitingContract } from './contracts.service';

/** Contract (U) positions: isolated margin, SL/TP and liquidation through the trigger engine. */
export function contractsModule(deps: TradingDeps): TradingModule {
  return {
    product: 'contract',
    routes: contractsRoutes(deps),
    triggers: contractsTriggers(deps),
    staffOrders: async (q) => {
      const states = statesWanted(ContractState.options, q.state);
      if (states.length === 0) return { list: [], total: 0 };
      const { rows, total } = await selectContractPage(deps.db, { ...q, states });
      const list = rows.map((r) => ({
        product: 'contract' as const,
        userId: r.userId,
        mode: r.mode,
        order: toContract(deps, r),
      }));
      return { list, total };
    },
    revokeWaiting: (code) => revokeAwaitingContracts(deps, code),
    turnoverSince: (since) => sumOpenedNotionalSince(deps.db, since),
    profit: async (q) => ({
      realised: await sumProfitSince(deps.db, q.userId, q.mode, q.since),
      unrealised: unrealisedOf(deps, await selectOpenOf(deps.db, q.userId, q.mode)),
    }),
  };
}
