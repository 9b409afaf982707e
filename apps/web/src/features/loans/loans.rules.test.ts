import type { LoanProduct } from '@swx/contract';
import { describe, expect, it } from 'vitest';
import { amountFits, loanQuote, percentOf } from './loans.rules';

const product: LoanProduct = {
  id: 1,
  name: 'Flexible',
  asset: 'USDT',
  minAmount: '100',
  maxAmount: '5000',
  terms: [7, 30],
  dailyRate: '0.001',
  freeDays: 3,
  penaltyRate: '0.005',
};

describe('loan calculator', () => {
  it.each([
    ['1000', 7, '4', '1004'],
    ['1000', 30, '27', '1027'],
    ['333.33', 30, '8.99991', '342.32991'],
    ['100', 3, '0', '100'],
  ])('%s for %s days: interest %s, total %s', (amount, days, interest, total) => {
    expect(loanQuote(product, amount, days, 0)).toMatchObject({ interest, total });
  });

  it('the due date is the term after now', () => {
    expect(loanQuote(product, '1000', 7, Date.UTC(2026, 0, 1)).dueAt).toBe(
      '2026-01-08T00:00:00.000Z',
    );
  });

  it.each([
    ['100', true],
    ['5000', true],
    ['99.99', false],
    ['5000.000001', false],
    ['100.1234567', false],
    ['1e3', false],
    ['', false],
  ])('amount %s fits: %s', (amount, fits) => {
    expect(amountFits(product, amount)).toBe(fits);
  });

  it('rates read as percentages', () => {
    expect(percentOf('0.0015')).toBe('0.15');
    expect(percentOf('0.005')).toBe('0.5');
  });
});
