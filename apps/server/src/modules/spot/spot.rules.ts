import { compareDecimal, dec, roundCredit, roundFee } from '@swx/money';

export const QUOTE = 'USDT';
/** The smallest order: 1 USDT of turnover. */
export const MIN_TURNOVER = '1';

export interface Fill {
  /** Coin quantity traded. */
  quantity: string;
  /** USDT that changed hands for it. */
  turnover: string;
  /** The fee, in what the user receives: the coin when buying, USDT when selling. */
  fee: string;
  feeAsset: string;
  /** What the user receives after the fee. */
  receive: string;
}

/**
 * A buy of `quantity` coins at `price`: the user pays the turnover rounded up to USDT's scale and
 * receives the coins less the fee (quantity x fee rate, rounded up to the coin's scale).
 */
export function buyByQuantity(
  base: string,
  quantity: string,
  price: string,
  feeRate: string,
): Fill {
  const turnover = roundFee(dec(quantity).times(price), QUOTE).toFixed();
  const fee = roundFee(dec(quantity).times(feeRate), base).toFixed();
  return {
    quantity: dec(quantity).toFixed(),
    turnover,
    fee,
    feeAsset: base,
    receive: dec(quantity).minus(fee).toFixed(),
  };
}

/** A buy spending exactly `turnover` USDT: the quantity is what it buys, rounded down. */
export function buyByTurnover(
  base: string,
  turnover: string,
  price: string,
  feeRate: string,
): Fill {
  const quantity = roundCredit(dec(turnover).div(price), base).toFixed();
  const fee = roundFee(dec(quantity).times(feeRate), base).toFixed();
  return {
    quantity,
    turnover: dec(turnover).toFixed(),
    fee,
    feeAsset: base,
    receive: dec(quantity).minus(fee).toFixed(),
  };
}

/** A sell of `quantity` coins: the turnover is credited rounded down, less the fee in USDT. */
export function sellByQuantity(quantity: string, price: string, feeRate: string): Fill {
  const turnover = roundCredit(dec(quantity).times(price), QUOTE).toFixed();
  const fee = roundFee(dec(turnover).times(feeRate), QUOTE).toFixed();
  return {
    quantity: dec(quantity).toFixed(),
    turnover,
    fee,
    feeAsset: QUOTE,
    receive: dec(turnover).minus(fee).toFixed(),
  };
}

/** What a waiting limit order freezes: USDT for a buy at its limit, the coins for a sell. */
export function freezeFor(side: 'buy' | 'sell', base: string, quantity: string, limit: string) {
  return side === 'buy'
    ? { asset: QUOTE, amount: roundFee(dec(quantity).times(limit), QUOTE).toFixed() }
    : { asset: base, amount: dec(quantity).toFixed() };
}

/** A limit fills when the price it would trade at reaches the limit or better. */
export function limitReached(side: 'buy' | 'sell', executionPrice: string, limit: string): boolean {
  const cmp = compareDecimal(dec(executionPrice).toFixed(), dec(limit).toFixed());
  return side === 'buy' ? cmp <= 0 : cmp >= 0;
}

/**
 * The average-cost result of selling `sold` coins for `proceeds` USDT (after the fee) out of
 * `held` coins bought for `cost`: only the part covered by known holdings has a result.
 */
export function averageCostResult(held: string, cost: string, sold: string, proceeds: string) {
  const covered = dec(sold).gt(held) ? dec(held) : dec(sold);
  if (covered.isZero() || dec(sold).isZero())
    return { profit: '0', costOut: '0', quantityOut: '0' };
  const costOut = roundCredit(dec(cost).times(covered).div(held), QUOTE);
  const revenue = dec(proceeds).times(covered).div(sold);
  return {
    profit: revenue.minus(costOut).toDecimalPlaces(6).toFixed(),
    costOut: costOut.toFixed(),
    quantityOut: covered.toFixed(),
  };
}
