import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TradingDeps, TradingModule } from '../triggers';

/** Account figures across the trading products: being built in this session. */
export function portfolioRoutes(
  _deps: TradingDeps,
  _products: readonly TradingModule[],
): FastifyPluginAsyncZod {
  return async () => {};
}
