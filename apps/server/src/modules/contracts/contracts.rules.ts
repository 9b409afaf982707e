import type { CloseReason } from '@swx/contract';
import { compareDecimal, dec, Rounding, roundCredit, roundFee, type Dec } from '@swx/money';

/** Contract margin, fees and results are USDT. */
export const MARGIN_ASSET = 'USDT';

type Direction = 'long' | 'short';
const sign = (d: Direction) => (d === 'long' ? 1 : -1);

/** lots x contract size x price. */
export function notional(lots: string, contractSize: string, price: string): Dec {
  return dec(lots).times(contractSize).times(price);
}

/** DOMAIN.md: margin = lots x contract size x price / leverage, rounded up to USDT's scale. */
export function marginOf(
  lots: string,
  contractSize: string,
  price: string,
  leverage: number,
): string {
  return roundFee(notional(lots, contractSize, price).div(leverage), MARGIN_ASSET).toFixed();
}

/** DOMAIN.md: fee = notional x contract_fee_rate, rounded up (charged once, at opening). */
export function feeOf(lots: string, contractSize: string, price: string, rate: string): string {
  return roundFee(notional(lots, contractSize, price).times(rate), MARGIN_ASSET).toFixed();
}

/** DOMAIN.md: PnL = (exit - entry) x lots x contract size x (+1 long, -1 short); unrounded. */
export function pnlOf(
  direction: Direction,
  entry: string,
  exit: string,
  lots: string,
  contractSize: string,
): Dec {
  return dec(exit).minus(entry).times(lots).times(contractSize).times(sign(direction));
}

/**
 * What returns to the user when a position closes: margin + PnL, never below zero (the loss is
 * capped at the margin), rounded down; the profit is that payout minus the margin.
 */
export function closeOut(
  direction: Direction,
  entry: string,
  exit: string,
  lots: string,
  contractSize: string,
  margin: string,
): { payout: string; profit: string } {
  const raw = dec(margin).plus(pnlOf(direction, entry, exit, lots, contractSize));
  const payout = raw.isNegative() ? dec('0') : roundCredit(raw, MARGIN_ASSET);
  return { payout: payout.toFixed(), profit: payout.minus(margin).toFixed() };
}

/**
 * The exit price at which margin + PnL falls to the maintenance share of the margin:
 * long entry x (1 - (1 - mmr) / leverage), short entry x (1 + (1 - mmr) / leverage), in the
 * instrument's precision, rounded toward the entry so a liquidation never comes later than the
 * rule says.
 */
export function liquidationPrice(
  direction: Direction,
  entry: string,
  leverage: number,
  mmr: string,
  precision: number,
): string {
  const distance = dec('1').minus(mmr).div(leverage);
  const raw = dec(entry).times(
    direction === 'long' ? dec('1').minus(distance) : dec('1').plus(distance),
  );
  return raw
    .toDecimalPlaces(precision, direction === 'long' ? Rounding.up : Rounding.down)
    .toFixed(precision);
}

/**
 * DOMAIN.md: stop loss and take profit on the right side of the entry (long SL < entry < TP,
 * short the reverse). Returns the catalogue code of the problem, or undefined.
 */
export function stopsProblem(
  direction: Direction,
  entry: string,
  stopLoss: string | undefined,
  takeProfit: string | undefined,
): 10130 | 10131 | 10132 | undefined {
  const below = (a: string) => compareDecimal(dec(a).toFixed(), dec(entry).toFixed()) < 0;
  const above = (a: string) => compareDecimal(dec(a).toFixed(), dec(entry).toFixed()) > 0;
  const slBad =
    stopLoss !== undefined && !(direction === 'long' ? below(stopLoss) : above(stopLoss));
  const tpBad =
    takeProfit !== undefined && !(direction === 'long' ? above(takeProfit) : below(takeProfit));
  if (slBad && tpBad) return 10132;
  if (slBad) return 10130;
  if (tpBad) return 10131;
  return undefined;
}

/** Whether a close level is reached by an exit price (SL and liquidation on the losing side). */
export function closeReached(
  direction: Direction,
  reason: Exclude<CloseReason, 'user'>,
  exitPrice: string,
  level: string,
): boolean {
  const cmp = compareDecimal(dec(exitPrice).toFixed(), dec(level).toFixed());
  const losing = reason !== 'tp';
  // Long loses when the price falls, short when it rises.
  if (direction === 'long') return losing ? cmp <= 0 : cmp >= 0;
  return losing ? cmp >= 0 : cmp <= 0;
}

/** A limit order opens when the price it would open at reaches the limit or better. */
export function openReached(direction: Direction, entryPrice: string, limit: string): boolean {
  const cmp = compareDecimal(dec(entryPrice).toFixed(), dec(limit).toFixed());
  return direction === 'long' ? cmp <= 0 : cmp >= 0;
}

/** Lots: at least 0.01, two decimals at most. */
export function lotsValid(lots: string): boolean {
  const value = dec(lots);
  return value.gte('0.01') && value.decimalPlaces() <= 2 && value.lte('100000');
}
