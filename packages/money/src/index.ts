import Decimal from 'decimal.js';
import { assetScale } from './asset-scale';
import { isDecimalString } from './decimal-string';

/**
 * The one decimal type for amounts, prices and rates. Precision is far above any asset scale so
 * intermediate products (price x lots x contract size) never lose digits; every rounding that
 * matters is explicit and goes through the functions below.
 */
export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Dec = InstanceType<typeof Dec>;
export type DecInput = Dec | string | bigint;

export const Rounding = {
  /** Toward zero: amounts credited to a user. */
  down: Decimal.ROUND_DOWN,
  /** Away from zero: fees charged to a user. */
  up: Decimal.ROUND_UP,
  halfEven: Decimal.ROUND_HALF_EVEN,
} as const;
export type RoundingMode = (typeof Rounding)[keyof typeof Rounding];

export { assetScale } from './asset-scale';
export { compareDecimal, DECIMAL_PATTERN, isDecimalString } from './decimal-string';

/** Parses a decimal. Strings must match DECIMAL_PATTERN (decimal-string.ts): no exponents, no NaN, no spaces. */
export function dec(value: DecInput): Dec {
  if (value instanceof Dec) return value;
  if (typeof value === 'bigint') return new Dec(value.toString());
  if (!isDecimalString(value))
    throw new RangeError(`not a decimal string: ${JSON.stringify(value)}`);
  return new Dec(value);
}

export function roundTo(value: DecInput, places: number, mode: RoundingMode): Dec {
  return dec(value).toDecimalPlaces(places, mode);
}

/** An amount credited to a user: rounded down to the asset's scale. */
export function roundCredit(value: DecInput, asset: string): Dec {
  return roundTo(value, assetScale(asset), Rounding.down);
}

/** A fee charged to a user: rounded up to the asset's scale. */
export function roundFee(value: DecInput, asset: string): Dec {
  return roundTo(value, assetScale(asset), Rounding.up);
}

/** True when the amount needs no more decimal places than the asset keeps. */
export function fitsScale(value: DecInput, asset: string): boolean {
  return dec(value).decimalPlaces() <= assetScale(asset);
}

/** Canonical wire form of an amount: fixed to the asset's scale, never exponent notation. */
export function formatAmount(value: DecInput, asset: string): string {
  return dec(value).toFixed(assetScale(asset));
}

/** Plain string without exponent and without trailing zeros ("1.5", "-0.00000001"). */
export function toPlain(value: DecInput): string {
  const d = dec(value);
  return d.isZero() ? '0' : d.toFixed();
}

export function sum(values: Iterable<DecInput>): Dec {
  let total = new Dec(0);
  for (const v of values) total = total.plus(dec(v));
  return total;
}

/**
 * A value produced by a numeric generator (the simulated market feed) as a decimal string with
 * `places` decimals, rounded half-even. The one place a JavaScript number enters money code: the
 * number's shortest round-trip form (specified exactly by ECMAScript) is the input, so every
 * engine gives the same string.
 */
export function fromGeneratedNumber(value: number, places: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return new Dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN).toFixed(places);
}
