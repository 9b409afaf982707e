import type { Instrument } from '../markets';
import type { TradingDeps } from './trading-module';

const PARAM = { spot: 'spot_fee_rate', contract: 'contract_fee_rate' } as const;

/** The fee rate of an order on an instrument: the instrument's own, else the product's parameter. */
export async function feeRateOf(
  deps: Pick<TradingDeps, 'params'>,
  instrument: Instrument,
  product: keyof typeof PARAM,
): Promise<string> {
  return instrument.row.feeRate ?? String(await deps.params.get(PARAM[product]));
}
