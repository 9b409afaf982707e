import { dec, Rounding } from '@swx/money';

export const MAX_ACTIVE_ALERTS = 50;
export const UP_KIND = 'alert.up';
export const DOWN_KIND = 'alert.down';

/** A move's share from its percent (0.1 to 50), or undefined when out of range. */
export function moveShare(percent: string): string | undefined {
  const p = dec(percent);
  if (p.lt('0.1') || p.gt(50)) return undefined;
  return p.div(100).toFixed();
}

/**
 * The levels an alert fires at, in the instrument's precision: a level above the price for
 * "above", below it for "below" (undefined when the price is already there), and both sides of
 * the reference for a move (up rounded up, down rounded down, so a move is never smaller).
 */
export function alertLevels(
  input:
    | { type: 'above' | 'below'; price: string; reference: string }
    | { type: 'move'; share: string; reference: string },
  precision: number,
): { up: string | null; down: string | null } | undefined {
  const reference = dec(input.reference);
  if (input.type === 'above') {
    const level = dec(input.price).toDecimalPlaces(precision, Rounding.up);
    return level.gt(reference) ? { up: level.toFixed(), down: null } : undefined;
  }
  if (input.type === 'below') {
    const level = dec(input.price).toDecimalPlaces(precision, Rounding.down);
    return level.lt(reference) && level.gt(0) ? { up: null, down: level.toFixed() } : undefined;
  }
  if (input.type !== 'move') return undefined;
  const share = dec(input.share);
  return {
    up: reference.times(share.plus(1)).toDecimalPlaces(precision, Rounding.up).toFixed(),
    down: reference
      .times(dec('1').minus(share))
      .toDecimalPlaces(precision, Rounding.down)
      .toFixed(),
  };
}
