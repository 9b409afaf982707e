import { compareDecimal, isDecimalString } from '@swx/money/decimal-string';
import { formatNumber, formatPercent } from '../format/format-number';

export type Direction = 'up' | 'down' | 'flat';

/** The direction of a signed decimal string ("-1.25" down, "0.00" flat). */
export function directionOf(value: string): Direction {
  if (!isDecimalString(value)) return 'flat';
  const sign = compareDecimal(value, '0');
  return sign === 0 ? 'flat' : sign > 0 ? 'up' : 'down';
}

/** Direction of a move between two prices. */
export function moveDirection(previous: string, next: string): Direction {
  if (!isDecimalString(previous) || !isDecimalString(next)) return 'flat';
  const sign = compareDecimal(next, previous);
  return sign === 0 ? 'flat' : sign > 0 ? 'up' : 'down';
}

const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', flat: '' };

export function arrowOf(direction: Direction): string {
  return ARROWS[direction];
}

/** A 24 h change in percent with its sign ("+1.23%", "-0.45%", "0.00%"). */
export function formatChange(zdf: string, locale: string): string {
  return formatPercent(zdf, locale, { signed: true });
}

/** A price in the instrument's own precision. */
export function formatPrice(price: string, precision: number, locale: string): string {
  return formatNumber(price, locale, {
    minFractionDigits: precision,
    maxFractionDigits: precision,
  });
}

/** Tailwind text colour of a direction (rise/fall follow the reader's convention). */
export function directionTextClass(direction: Direction): string {
  return direction === 'up' ? 'text-rise' : direction === 'down' ? 'text-fall' : 'text-muted';
}
