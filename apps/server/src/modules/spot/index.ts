import type { TradingDeps, TradingModule } from '../triggers';

/** Spot coin orders (BB): being built in this session. */
export function spotModule(_deps: TradingDeps): TradingModule {
  return { product: 'spot', routes: async () => {} };
}
