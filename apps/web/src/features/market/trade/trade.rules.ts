import { compareDecimal, dec, isDecimalString, Rounding } from '@swx/money';

/**
 * The estimates the order panel shows before confirming. They use the server's formulas
 * (apps/server/src/modules/{spot,contracts,options}/*.rules.ts); the server's reply is what binds.
 */

export function executionPrice(
  price: string,
  spread: string,
  side: 'buy' | 'sell',
  precision: number,
): string {
  const half = dec(spread).div(2);
  const factor = side === 'buy' ? dec('1').plus(half) : dec('1').minus(half);
  return dec(price)
    .times(factor)
    .toDecimalPlaces(precision, side === 'buy' ? Rounding.up : Rounding.down)
    .toFixed(precision);
}

/** A positive decimal with at most `scale` decimals; the catalogue's 10016 otherwise. */
export function amountProblem(value: string, scale: number): 10016 | undefined {
  const text = value.trim();
  if (!isDecimalString(text) || !dec(text).gt(0) || dec(text).decimalPlaces() > scale) return 10016;
  return undefined;
}

export interface SpotEstimate {
  price: string;
  quantity: string;
  turnover: string;
  fee: string;
  feeAsset: string;
  receive: string;
  receiveAsset: string;
}

export function spotEstimate(input: {
  side: 'buy' | 'sell';
  base: string;
  price: string;
  quantity?: string | undefined;
  turnover?: string | undefined;
  feeRate: string;
}): SpotEstimate {
  if (input.side === 'sell') {
    const quantity = dec(input.quantity ?? '0');
    const turnover = quantity.times(input.price).toDecimalPlaces(6, Rounding.down);
    const fee = turnover.times(input.feeRate).toDecimalPlaces(6, Rounding.up);
    return {
      price: input.price,
      quantity: quantity.toFixed(),
      turnover: turnover.toFixed(),
      fee: fee.toFixed(),
      feeAsset: 'USDT',
      receive: turnover.minus(fee).toFixed(),
      receiveAsset: 'USDT',
    };
  }
  const quantity =
    input.quantity !== undefined
      ? dec(input.quantity)
      : dec(input.turnover ?? '0')
          .div(input.price)
          .toDecimalPlaces(8, Rounding.down);
  const turnover =
    input.turnover !== undefined
      ? dec(input.turnover)
      : quantity.times(input.price).toDecimalPlaces(6, Rounding.up);
  const fee = quantity.times(input.feeRate).toDecimalPlaces(8, Rounding.up);
  return {
    price: input.price,
    quantity: quantity.toFixed(),
    turnover: turnover.toFixed(),
    fee: fee.toFixed(),
    feeAsset: input.base,
    receive: quantity.minus(fee).toFixed(),
    receiveAsset: input.base,
  };
}

export interface ContractEstimate {
  entry: string;
  margin: string;
  fee: string;
  liquidationPrice: string;
}

export function contractEstimate(input: {
  direction: 'long' | 'short';
  entry: string;
  lots: string;
  contractSize: string;
  leverage: number;
  feeRate: string;
  mmr: string;
  precision: number;
}): ContractEstimate {
  const notional = dec(input.lots).times(input.contractSize).times(input.entry);
  const distance = dec('1').minus(input.mmr).div(input.leverage);
  const long = input.direction === 'long';
  return {
    entry: input.entry,
    margin: notional.div(input.leverage).toDecimalPlaces(6, Rounding.up).toFixed(),
    fee: notional.times(input.feeRate).toDecimalPlaces(6, Rounding.up).toFixed(),
    liquidationPrice: dec(input.entry)
      .times(long ? dec('1').minus(distance) : dec('1').plus(distance))
      .toDecimalPlaces(input.precision, long ? Rounding.up : Rounding.down)
      .toFixed(input.precision),
  };
}

/** SL/TP on the right side of the entry (long SL < entry < TP, short the reverse). */
export function stopsProblem(
  direction: 'long' | 'short',
  entry: string,
  stopLoss: string | undefined,
  takeProfit: string | undefined,
): 10130 | 10131 | 10132 | undefined {
  const cmp = (a: string) => compareDecimal(dec(a).toFixed(), dec(entry).toFixed());
  const slBad =
    stopLoss !== undefined && (direction === 'long' ? cmp(stopLoss) >= 0 : cmp(stopLoss) <= 0);
  const tpBad =
    takeProfit !== undefined &&
    (direction === 'long' ? cmp(takeProfit) <= 0 : cmp(takeProfit) >= 0);
  if (slBad && tpBad) return 10132;
  if (slBad) return 10130;
  if (tpBad) return 10131;
  return undefined;
}

/** An option's payout if it wins: stake + stake x payout rate, rounded down to USDT's scale. */
export function optionsPayout(amount: string, payoutRate: string): string {
  return dec(amount).times(dec('1').plus(payoutRate)).toDecimalPlaces(6, Rounding.down).toFixed();
}

/** Unrealised PnL of an open position at an exit price, never below minus the margin. */
export function livePnl(input: {
  direction: 'long' | 'short';
  openPrice: string;
  exitPrice: string;
  lots: string;
  contractSize: string;
  margin: string;
}): string {
  const raw = dec(input.exitPrice)
    .minus(input.openPrice)
    .times(input.lots)
    .times(input.contractSize)
    .times(input.direction === 'long' ? 1 : -1);
  const floor = dec(input.margin).negated();
  return (raw.lt(floor) ? floor : raw).toDecimalPlaces(2, Rounding.down).toFixed(2);
}

/** `share` (25, 50, 75, 100) of a balance, rounded down to `scale`. */
export function shareOf(balance: string, share: number, scale: number): string {
  return dec(balance).times(share).div(100).toDecimalPlaces(scale, Rounding.down).toFixed();
}
