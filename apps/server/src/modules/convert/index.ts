import type { TradingDeps, TradingModule } from '../triggers';
import { convertRoutes } from './convert.routes';
import { convertedSince, staffConverts } from './convert.service';

/** Convert (dh): one asset into another at quoted feed prices, in two steps. */
export function convertModule(deps: TradingDeps): TradingModule {
  return {
    product: 'convert',
    routes: convertRoutes(deps),
    staffOrders: (q) => staffConverts(deps, q),
    turnoverSince: (since) => convertedSince(deps, since),
  };
}
