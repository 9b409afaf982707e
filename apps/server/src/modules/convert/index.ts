import type { TradingDeps, TradingModule } from '../triggers';

/** Convert (dh): being built in this session. */
export function convertModule(_deps: TradingDeps): TradingModule {
  return { product: 'convert', routes: async () => {} };
}
