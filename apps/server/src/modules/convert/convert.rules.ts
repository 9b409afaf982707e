import { dec, roundCredit, roundFee } from '@swx/money';

export const QUOTE_SECONDS = 10;
export const USDT = 'USDT';

/**
 * The conversion of `amount` of one asset into another through USDT: a coin is sold at its bid
 * and bought at its ask. `gross` is rounded down in the target's scale, the fee (gross x rate) is
 * rounded up, and the user receives the difference.
 */
export function convertFigures(
  from: string,
  to: string,
  amount: string,
  prices: { fromBid: string | undefined; toAsk: string | undefined },
  feeRate: string,
) {
  const inUsdt = from === USDT ? dec(amount) : dec(amount).times(prices.fromBid ?? '0');
  const rate = (from === USDT ? dec('1') : dec(prices.fromBid ?? '0')).div(
    to === USDT ? '1' : (prices.toAsk ?? '1'),
  );
  const gross = roundCredit(inUsdt.div(to === USDT ? '1' : (prices.toAsk ?? '1')), to);
  const fee = roundFee(gross.times(feeRate), to);
  return {
    rate: rate.toDecimalPlaces(12).toFixed(),
    gross: gross.toFixed(),
    fee: fee.toFixed(),
    receive: gross.minus(fee).toFixed(),
    valueUsdt: roundCredit(inUsdt, USDT).toFixed(),
  };
}
