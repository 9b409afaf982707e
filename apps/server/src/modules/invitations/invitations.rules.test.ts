import { describe, expect, it } from 'vitest';
import { commissionOf, dayOf, levelFor, levelsFrom } from './invitations.rules';

const DEFAULTS = levelsFrom([
  { friends: 0, rate: '0.1' },
  { friends: 5, rate: '0.15' },
  { friends: 20, rate: '0.2' },
  { friends: 50, rate: '0.3' },
]);

describe('invitation levels', () => {
  it.each([
    [0, 0, '0.1'],
    [4, 0, '0.1'],
    [5, 1, '0.15'],
    [19, 1, '0.15'],
    [20, 2, '0.2'],
    [49, 2, '0.2'],
    [50, 3, '0.3'],
    [10_000, 3, '0.3'],
  ])('%i qualified friends reach level %i (%s of fees)', (friends, level, rate) => {
    expect(levelFor(DEFAULTS, friends)).toMatchObject({ level, rate });
  });

  it('leaves out a level whose threshold is not above the one before, so edits never contradict', () => {
    const levels = levelsFrom([
      { friends: 0, rate: '0.1' },
      { friends: 5, rate: '0.15' },
      { friends: 5, rate: '0.5' },
      { friends: 3, rate: '0.6' },
      { friends: 8, rate: '0.2' },
    ]);
    expect(levels).toEqual([
      { level: 0, friends: 0, rate: '0.1' },
      { level: 1, friends: 5, rate: '0.15' },
      { level: 2, friends: 8, rate: '0.2' },
    ]);
  });
});

describe('commission of a day', () => {
  it.each([
    ['100', '0.1', 'USDT', '10'],
    ['0.6', '0.15', 'USDT', '0.09'],
    ['0.0000001', '0.1', 'USDT', '0'],
    ['1.2345679', '0.3', 'USDT', '0.37037'],
    ['0.00001667', '0.1', 'BTC', '0.00000166'],
    ['0.00000009', '0.2', 'BTC', '0.00000001'],
    ['0', '0.3', 'ETH', '0'],
  ])('%s fees at %s in %s pay %s (rounded down to the asset scale)', (fees, rate, asset, paid) => {
    expect(commissionOf(fees, rate, asset)).toBe(paid);
  });

  it('names the UTC day a period covers', () => {
    expect(dayOf(new Date('2030-03-18T00:00:00Z'))).toBe('2030-03-18');
  });
});
