import { describe, expect, it } from 'vitest';
import { sum } from '@swx/money';
import { outcome, periodProblems, settlementPostings, DEFAULT_PERIODS } from './options.rules';

describe('options outcome', () => {
  it.each([
    // direction, stake, rate, open, settle, state, payout
    ['up', '100', '0.2', '100.5', '100.6', 'won', '120'],
    ['up', '100', '0.2', '100.5', '100.4', 'lost', '0'],
    ['down', '100', '0.3', '1.08765', '1.08764', 'won', '130'],
    ['down', '100', '0.3', '1.08765', '1.08766', 'lost', '0'],
    ['up', '100', '0.5', '64000.00', '64000', 'draw', '100'],
    ['down', '250.5', '0.4', '7', '7.00', 'draw', '250.5'],
    // Rounded down to USDT's 6 decimals: 33.333333 x 1.3 = 43.3333329
    ['up', '33.333333', '0.3', '1', '2', 'won', '43.333332'],
    ['down', '10', '0.2', '2', '1', 'won', '12'],
  ] as const)(
    '%s %s at %s: %s -> %s is %s paying %s',
    (direction, stake, rate, open, settle, state, payout) => {
      expect(outcome(direction, stake, rate, open, settle)).toEqual({ state, payout });
    },
  );
});

describe('options settlement postings', () => {
  it.each([
    // stake, payout: the user's options bucket, available, the house (undefined: no posting)
    ['won', '100', '120', '-100', '120', '-20'],
    ['lost', '100', '0', '-100', undefined, '100'],
    ['draw', '250.5', '250.5', '-250.5', '250.5', undefined],
    ['won at scale', '33.333333', '43.333332', '-33.333333', '43.333332', '-9.999999'],
  ] as const)('%s: stake %s, payout %s', (_, stake, payout, options, available, house) => {
    const postings = settlementPostings(7, stake, payout);
    const amountOf = (match: (p: (typeof postings)[number]) => boolean) =>
      postings.find(match)?.amount;
    expect(amountOf((p) => p.account.owner === 'user' && p.account.bucket === 'options')).toBe(
      options,
    );
    expect(amountOf((p) => p.account.owner === 'user' && p.account.bucket === 'available')).toBe(
      available,
    );
    expect(amountOf((p) => p.account.owner === 'system' && p.account.name === 'house')).toBe(house);
    expect(postings.every((p) => p.asset === 'USDT')).toBe(true);
    // Double entry: the postings sum to zero.
    expect(sum(postings.map((p) => p.amount)).isZero()).toBe(true);
  });
});

describe('options periods', () => {
  it('accepts the defaults', () => {
    expect(periodProblems(DEFAULT_PERIODS)).toEqual([]);
  });
  it.each([
    [[], ['at least one period']],
    [
      [
        { seconds: 30, payoutRate: '0.2', minAmount: '10', maxAmount: '100' },
        { seconds: 30, payoutRate: '0.3', minAmount: '10', maxAmount: '100' },
      ],
      ['periods.1.seconds: duplicate'],
    ],
    [
      [{ seconds: 30, payoutRate: '0', minAmount: '10', maxAmount: '100' }],
      ['periods.0.payoutRate: between 0 and 10'],
    ],
    [
      [{ seconds: 30, payoutRate: '0.2', minAmount: '200', maxAmount: '100' }],
      ['periods.0.minAmount: above maxAmount'],
    ],
    [
      [{ seconds: 30, payoutRate: '10.01', minAmount: '0', maxAmount: '100' }],
      ['periods.0.payoutRate: between 0 and 10', 'periods.0.minAmount: above zero'],
    ],
  ])('refuses %j', (periods, problems) => {
    expect(periodProblems(periods)).toEqual(problems);
  });
});
