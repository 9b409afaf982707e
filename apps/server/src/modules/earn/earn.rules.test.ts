import { describe, expect, it } from 'vitest';
import { dailyEarningOf, dueAt, earlyExit, productProblems, totalEarningOf } from './earn.rules';

describe('smart plan figures', () => {
  it.each([
    // amount, daily yield, daily earning (USDT: 6 places, rounded down), days, total
    ['1000', '0.01', '10', 3, '30'],
    ['1000', '0.005', '5', 7, '35'],
    ['123.456789', '0.0123', '1.518518', 10, '15.18518'],
    ['10', '0.00000001', '0', 30, '0'],
    ['999999.99', '0.1', '99999.999', 1, '99999.999'],
  ])('%s at %s a day pays %s a day, %s days %s', (amount, yieldRate, daily, days, total) => {
    expect(dailyEarningOf(amount, yieldRate, 'USDT')).toBe(daily);
    expect(totalEarningOf(daily, days)).toBe(total);
  });

  it.each([
    // amount, penalty rate, penalty (rounded up), refund
    ['1000', '0.05', '50', '950'],
    ['333.333333', '0.05', '16.666667', '316.666666'],
    ['100', '0', '0', '100'],
    ['100', '0.999999', '99.9999', '0.0001'],
  ])('early exit of %s at %s keeps %s and refunds %s', (amount, rate, penalty, refund) => {
    expect(earlyExit(amount, rate, 'USDT')).toEqual({ penalty, refund });
  });

  it('day k is due k whole days after the start', () => {
    const start = new Date('2026-11-25T07:30:15.000Z');
    expect(dueAt(start, 1).toISOString()).toBe('2026-11-26T07:30:15.000Z');
    expect(dueAt(start, 30).toISOString()).toBe('2026-12-25T07:30:15.000Z');
  });
});

describe('product problems', () => {
  const good = {
    minAmount: '100',
    maxAmount: '10000',
    terms: [{ days: 7, dailyYield: '0.005' }],
    penaltyRate: '0.05',
  };
  it.each([
    ['a good product', good, []],
    ['min above max', { ...good, minAmount: '20000' }, ['maxAmount: at least the minimum amount']],
    [
      'penalty of 1',
      { ...good, penaltyRate: '1' },
      ['penaltyRate: from 0 up to, not including, 1'],
    ],
    [
      'a length twice and a zero yield',
      {
        ...good,
        terms: [
          { days: 7, dailyYield: '0.005' },
          { days: 7, dailyYield: '0' },
        ],
      },
      ['terms.1.days: each length once', 'terms.1.dailyYield: above 0 and at most 0.1'],
    ],
  ])('%s', (_, input, problems) => {
    expect(productProblems(input)).toEqual(problems);
  });
});
