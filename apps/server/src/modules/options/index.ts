import type { TradingDeps, TradingModule } from '../triggers';

/** Short-period options: being built in this session. */
export function optionsModule(_deps: TradingDeps): TradingModule {
  return { product: 'options', routes: async () => {} };
}
