import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/bus';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { TICKS_CHANNEL } from '../../platform/socket-hub';
import { LiveSource } from './live.source';
import { MarketHub } from './market-hub';
import { selectInstruments } from './markets.repo';
import { marketsAdminRoutes } from './markets.routes';

export const INSTRUMENTS_CHANGED_CHANNEL = 'instruments.changed';

/**
 * Starts this node's market hub on the configured feed and registers the instruments section of
 * the back office. With a live feed, crypto comes from the exchange; every other market stays
 * simulated. A change by staff reloads every node's hub over the bus.
 */
export async function startMarkets(
  app: FastifyInstance,
  deps: { db: Db; bus: EventBus; config: Config; clock?: (() => number) | undefined },
): Promise<MarketHub> {
  const { db, bus, config } = deps;
  const live =
    config.MARKET_FEED === 'live'
      ? {
          source: new LiveSource(db, (error) =>
            app.log.error({ err: error }, 'saving a live candle failed'),
          ),
          types: new Set([2]),
        }
      : undefined;
  const markets = new MarketHub(
    config.SIM_SEED,
    (tick) => bus.emitLocal(TICKS_CHANNEL, tick),
    deps.clock,
    live,
  );
  markets.load(await selectInstruments(db));
  bus.subscribe(INSTRUMENTS_CHANGED_CHANNEL, () => {
    selectInstruments(db).then(
      (rows) => markets.load(rows),
      (error: unknown) => app.log.error({ err: error }, 'reloading instruments failed'),
    );
  });
  await app.register(marketsAdminRoutes(db, () => bus.publish(INSTRUMENTS_CHANGED_CHANNEL, {})));
  return markets;
}
