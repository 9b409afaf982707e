import { dec } from '@swx/money';
import { SpotState } from '@swx/contract';
import type { Hits, TradingDeps, TradingModule } from '../triggers';
import { executionPrice, statesWanted } from '../triggers';
import {
  selectHoldings,
  selectSpotPage,
  selectWaiting,
  sumProfitSince,
  sumTurnoverSince,
} from './spot.repo';
import { spotRoutes } from './spot.routes';
import {
  announce,
  fillWaiting,
  LIMIT_KIND,
  restingOf,
  revokeWaitingSpotOrders,
  toSpot,
} from './spot.service';

/** The value of coins bought here at today's bid, less what they cost. */
async function unrealised(
  deps: TradingDeps,
  userId: number,
  mode: 'real' | 'demo',
): Promise<string> {
  let total = dec('0');
  for (const h of await selectHoldings(deps.db, userId, mode)) {
    const instrument = deps.markets.byCodeOf(`${h.asset}USDT`);
    if (!instrument || dec(h.quantity).lte(0)) continue;
    const feed = deps.markets.isLive(instrument)
      ? deps.markets.live?.source.price(instrument.row.code)
      : deps.markets.source.priceAt(instrument.spec, deps.markets.now());
    if (feed === undefined) continue;
    total = total
      .plus(dec(h.quantity).times(executionPrice(instrument, feed, 'sell')))
      .minus(h.cost);
  }
  return total.toDecimalPlaces(6).toFixed();
}

/** Spot coin orders (BB): market and limit orders on `<COIN>/USDT`, holdings as ledger balances. */
export function spotModule(deps: TradingDeps): TradingModule {
  return {
    product: 'spot',
    routes: spotRoutes(deps),
    triggers: {
      kinds: [LIMIT_KIND],
      load: async (db) => {
        const resting: Hits['resting'] = [];
        for (const row of await selectWaiting(db)) {
          const instrument = deps.markets.byCodeOf(row.code);
          if (instrument)
            resting.push(restingOf(instrument, row, Math.floor(row.createdAt.getTime() / 1000)));
        }
        return { resting, expiring: [] };
      },
      fire: async (hits, tick) => {
        for (const item of hits.resting) {
          const result = await fillWaiting(deps, item.id, tick);
          if (result === 'not yet') deps.triggers.rest({ ...item, since: tick.second });
          else if (result) await announce(deps, result);
        }
      },
    },
    staffOrders: async (q) => {
      const states = statesWanted(SpotState.options, q.state);
      if (states.length === 0) return { list: [], total: 0 };
      const { rows, total } = await selectSpotPage(deps.db, { ...q, states });
      const list = rows.map((r) => ({
        product: 'spot' as const,
        userId: r.userId,
        mode: r.mode,
        order: toSpot(deps, r),
      }));
      return { list, total };
    },
    revokeWaiting: (code) => revokeWaitingSpotOrders(deps, code),
    turnoverSince: (since) => sumTurnoverSince(deps.db, since),
    profit: async (q) => ({
      realised: await sumProfitSince(deps.db, q.userId, q.mode, q.since),
      unrealised: await unrealised(deps, q.userId, q.mode),
    }),
  };
}
