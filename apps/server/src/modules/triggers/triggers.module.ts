import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/bus';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { MarketHub } from '../markets';
import type { ParamsReader } from '../params';
import { TriggerEngine } from './engine';
import { tradingAdminRoutes, type Usernames } from './trading.admin';
import type { TradingDeps, TradingModule } from './trading-module';

/**
 * Builds the trigger engine and the trading modules on it, and registers their routes, their
 * back-office routes and their triggers. The engine starts later (main.ts), after the server
 * listens, so that a restart settles what came due while it was down before new ticks arrive.
 */
export async function startTrading(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    markets: MarketHub;
    params: ParamsReader;
    config: Config;
    /** A fake clock (tests) keeps a watermark only when the test names one. */
    clock?: (() => number) | undefined;
    usernamesOf: Usernames;
  },
  factories: readonly ((deps: TradingDeps) => TradingModule)[],
): Promise<{ triggers: TriggerEngine; tradingDeps: TradingDeps; trading: TradingModule[] }> {
  const { db, bus, markets, params, config } = deps;
  const triggers = new TriggerEngine({
    db,
    bus,
    markets,
    log: (error, message) => app.log.error({ err: error }, message),
    watermark:
      config.TRIGGER_WATERMARK === 'off' || (deps.clock && config.TRIGGER_WATERMARK === 'simulator')
        ? undefined
        : config.TRIGGER_WATERMARK,
    saveEveryMs: deps.clock ? 0 : 5_000,
  });
  const tradingDeps: TradingDeps = { db, bus, markets, params, triggers };
  const trading = factories.map((factory) => factory(tradingDeps));
  for (const module of trading) {
    await app.register(module.routes);
    if (module.adminRoutes) await app.register(module.adminRoutes);
    if (module.triggers) triggers.register(module.triggers);
  }
  await app.register(tradingAdminRoutes(tradingDeps, trading, deps.usernamesOf));
  return { triggers, tradingDeps, trading };
}
