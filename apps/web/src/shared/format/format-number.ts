import { isDecimalString } from '@swx/money/decimal-string';

/**
 * Locale-aware formatting with Intl. Amounts, prices and rates arrive as decimal strings and are
 * handed to Intl as strings (Intl.NumberFormat formats a numeric string exactly), so no digit is
 * lost to a float. Render the results with the `tabular` utility and, inside right-to-left text,
 * in a <bdi> or dir="ltr" element (see shared/ui/num.tsx).
 */
export type Numeric = string | number | bigint;

const cache = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

export function asIntlValue(value: Numeric): Intl.StringNumericLiteral | number | bigint {
  if (typeof value === 'string') {
    if (!isDecimalString(value)) throw new RangeError(`not a decimal string: ${value}`);
    return value as Intl.StringNumericLiteral;
  }
  return value;
}

export function formatNumber(
  value: Numeric,
  locale: string,
  options: { minFractionDigits?: number; maxFractionDigits?: number } = {},
): string {
  const max = options.maxFractionDigits ?? 8;
  return numberFormat(locale, {
    minimumFractionDigits: Math.min(options.minFractionDigits ?? 0, max),
    maximumFractionDigits: max,
  }).format(asIntlValue(value));
}

/** An integer count (users, instruments) with the language's grouping. */
export function formatInteger(value: number | bigint, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/**
 * A percentage given in percent units ("1.23" means 1.23 %), as the API sends `zdf`. `signed`
 * always shows + or − (price changes); zero has no sign.
 */
export function formatPercent(
  percent: Numeric,
  locale: string,
  options: { signed?: boolean; fractionDigits?: number } = {},
): string {
  const digits = options.fractionDigits ?? 2;
  return numberFormat(locale, {
    style: 'unit',
    unit: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).format(asIntlValue(percent));
}

/**
 * A share given as a fraction ("0.15" means 15 %), as parameters and product terms carry it, in
 * percent with as many decimals as it has (15 %, 12.5 %, 0.05 %) and never rounded away.
 */
export function formatShare(share: string, locale: string): string {
  const percent = timesHundred(share);
  const decimals = percent.split('.')[1]?.length ?? 0;
  return numberFormat(locale, {
    style: 'unit',
    unit: 'percent',
    maximumFractionDigits: Math.min(decimals, 8),
  }).format(asIntlValue(percent));
}

/**
 * A decimal string times 100, exactly, by moving its point two places ("0.125" → "12.5"): the
 * home route need not load decimal.js for this.
 */
function timesHundred(value: string): string {
  if (!isDecimalString(value)) throw new RangeError(`not a decimal string: ${value}`);
  const negative = value.startsWith('-');
  const [int = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const padded = fraction.padEnd(2, '0');
  const whole = `${int}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  const digits = rest ? `${whole}.${rest}` : whole;
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}
