import Decimal from 'decimal.js';

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

/** A decimal string as it travels on the wire and is stored: optional minus, digits, optional fraction. */
export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** Parses a decimal. Strings must match DECIMAL_PATTERN: no exponents, no NaN, no spaces. */
export function dec(value: DecInput): Dec {
  if (value instanceof Dec) return value;
  if (typeof value === 'bigint') return new Dec(value.toString());
  if (!isDecimalString(value))
    throw new RangeError(`not a decimal string: ${JSON.stringify(value)}`);
  return new Dec(value);
}

const FIAT_LIKE = new Set(['USD', 'EUR', 'GBP']);
const EXPLICIT_SCALES: Readonly<Record<string, number>> = { USDT: 6, BTC: 8, ETH: 8 };
const COIN_SCALE = 8;
const FIAT_SCALE = 2;

/** Decimal places an amount of this asset is kept in (DOMAIN.md, Ledger). */
export function assetScale(asset: string): number {
  const explicit = EXPLICIT_SCALES[asset];
  if (explicit !== undefined) return explicit;
  return FIAT_LIKE.has(asset) ? FIAT_SCALE : COIN_SCALE;
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

/**
 * Compares two decimal strings exactly, without building a Decimal (cheap enough for sorting and
 * price-move checks in the browser): -1, 0 or 1.
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  if (!isDecimalString(a) || !isDecimalString(b))
    throw new RangeError(`not decimal strings: ${a}, ${b}`);
  const parts = (s: string) => {
    const negative = s.startsWith('-');
    const [int = '0', frac = ''] = (negative ? s.slice(1) : s).split('.');
    const fraction = frac.replace(/0+$/, '');
    return { negative: negative && (int !== '0' || fraction !== ''), int, fraction };
  };
  const x = parts(a);
  const y = parts(b);
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const sign = x.negative ? -1 : 1;
  if (x.int.length !== y.int.length) return (x.int.length > y.int.length ? sign : -sign) as -1 | 1;
  if (x.int !== y.int) return (x.int > y.int ? sign : -sign) as -1 | 1;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const fx = x.fraction.padEnd(width, '0');
  const fy = y.fraction.padEnd(width, '0');
  if (fx === fy) return 0;
  return (fx > fy ? sign : -sign) as -1 | 1;
}
