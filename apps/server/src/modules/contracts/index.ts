import type { TradingDeps, TradingModule } from '../triggers';

/** Contract (U) positions: being built in this session. */
export function contractsModule(_deps: TradingDeps): TradingModule {
  return { product: 'contract', routes: async () => {} };
}
