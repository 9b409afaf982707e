/**
 * Decimal strings without decimal.js: the wire format's check and an exact comparison. Kept apart
 * from the Decimal type (index.ts) so that code needing only these (the contract's schemas, price
 * arrows in the browser) does not load decimal.js: `@swx/money/decimal-string`.
 */

/** A decimal string as it travels on the wire and is stored: optional minus, digits, optional fraction. */
export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
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
