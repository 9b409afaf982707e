import { describe, expect, it } from 'vitest';
import { alertLevels, moveShare } from './alerts.rules';

describe('alert levels', () => {
  it.each([
    // type, price or share, reference, precision, expected
    ['above', '101', '100', 2, { up: '101', down: null }],
    ['above', '100.001', '100', 2, { up: '100.01', down: null }],
    ['above', '100', '100', 2, undefined],
    ['above', '99', '100', 2, undefined],
    ['below', '99.999', '100', 2, { up: null, down: '99.99' }],
    ['below', '100', '100', 2, undefined],
    ['below', '0.001', '100', 2, undefined],
  ] as const)('%s %s from %s (precision %i)', (type, price, reference, precision, expected) => {
    expect(alertLevels({ type, price, reference }, precision)).toEqual(expected);
  });

  it.each([
    ['0.05', '100', 2, { up: '105', down: '95' }],
    ['0.001', '65432.1', 1, { up: '65497.6', down: '65366.6' }],
    ['0.5', '0.123456', 4, { up: '0.1852', down: '0.0617' }],
  ] as const)(
    'a move of %s from %s (precision %i) is never smaller',
    (share, reference, precision, expected) => {
      expect(alertLevels({ type: 'move', share, reference }, precision)).toEqual(expected);
    },
  );

  it.each([
    ['0.1', '0.001'],
    ['5', '0.05'],
    ['50', '0.5'],
    ['0.09', undefined],
    ['50.01', undefined],
  ])('a move of %s %% is the share %s', (percent, share) => {
    expect(moveShare(percent)).toBe(share);
  });
});
