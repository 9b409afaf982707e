import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, inputOf, type ProductDraft } from './earn.rules';

const good: ProductDraft = {
  ...EMPTY_PRODUCT,
  name: 'Steady USDT',
  terms: [
    { days: '30', percent: '0.6' },
    { days: '7', percent: '0.5' },
  ],
};

describe('a smart plan product as staff enter it', () => {
  it('becomes the request body with rates as fractions', () => {
    expect(inputOf(good)).toEqual({
      ok: true,
      input: {
        name: 'Steady USDT',
        minAmount: '100',
        maxAmount: '10000',
        penaltyRate: '0.05',
        enabled: true,
        terms: [
          { days: 30, dailyYield: '0.006' },
          { days: 7, dailyYield: '0.005' },
        ],
      },
    });
  });

  it.each([
    ['a word for an amount', { minAmount: 'ten' }, 'earn.errors.number'],
    ['zero days', { terms: [{ days: '0', percent: '1' }] }, 'earn.errors.days'],
    [
      'one length twice',
      {
        terms: [
          { days: '7', percent: '1' },
          { days: '7', percent: '2' },
        ],
      },
      'earn.errors.duplicate',
    ],
    ['min above max', { minAmount: '20000' }, 'earn.errors.range'],
    ['a penalty of 100 %', { penaltyPercent: '100' }, 'earn.errors.penalty'],
    ['a yield of 12 %', { terms: [{ days: '7', percent: '12' }] }, 'earn.errors.yield'],
    ['no name', { name: '  ' }, 'earn.errors.name'],
  ])('%s is refused before sending', (_, change, problem) => {
    expect(inputOf({ ...good, ...change })).toEqual({ ok: false, problem });
  });
});
