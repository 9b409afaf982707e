import type { AdminOptionsProduct } from '@swx/contract';
import { describe, expect, it } from 'vitest';
import {
  checkPeriods,
  EMPTY_PERIOD,
  type PeriodDraft,
  payoutPercent,
  periodDraftsOf,
  stateTone,
} from './trading.rules';

const product: AdminOptionsProduct = {
  id: 1,
  code: 'BTCUSDT',
  enabled: true,
  periods: [
    { seconds: 30, payoutRate: '0.2', minAmount: '10', maxAmount: '50000' },
    { seconds: 60, payoutRate: '0.3', minAmount: '10', maxAmount: '50000' },
  ],
  updatedAt: '2026-11-25T00:00:00.000Z',
};

const row = (change: Partial<PeriodDraft> = {}): PeriodDraft => ({
  seconds: '30',
  payoutRate: '0.2',
  minAmount: '10',
  maxAmount: '100',
  ...change,
});

describe('options periods', () => {
  it('starts from the stored periods and sends them back unchanged', () => {
    const drafts = periodDraftsOf(product);
    expect(checkPeriods(drafts)).toEqual({ ok: true, periods: product.periods });
  });

  it.each([
    ['seconds', { seconds: '9' }, 'options.errors.seconds'],
    ['seconds', { seconds: '86401' }, 'options.errors.seconds'],
    ['seconds', { seconds: '1.5' }, 'options.errors.seconds'],
    ['seconds', { seconds: '' }, 'options.errors.seconds'],
    ['payoutRate', { payoutRate: '0' }, 'options.errors.payoutRate'],
    ['payoutRate', { payoutRate: '10.00000001' }, 'options.errors.payoutRate'],
    ['payoutRate', { payoutRate: '20%' }, 'options.errors.payoutRate'],
    ['payoutRate', { payoutRate: '0.123456789' }, 'options.errors.payoutRate'],
    ['minAmount', { minAmount: '0' }, 'options.errors.minAmount'],
    ['minAmount', { minAmount: '-1' }, 'options.errors.minAmount'],
    ['maxAmount', { maxAmount: 'lots' }, 'options.errors.maxAmount'],
    ['maxAmount', { minAmount: '101' }, 'options.errors.range'],
  ] as const)('refuses %s in %j', (field, change, message) => {
    const result = checkPeriods([row(change)]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toEqual({ [field]: message });
  });

  it('names the second of two rows with one length', () => {
    const result = checkPeriods([row(), row({ payoutRate: '0.4' })]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual([{}, { seconds: 'options.errors.duplicate' }]);
  });

  it('accepts the bounds: 10 s to a day, payout up to 10, equal min and max', () => {
    expect(
      checkPeriods([
        row({ seconds: '10', payoutRate: '10' }),
        row({ seconds: '86400', payoutRate: '0.00000001', minAmount: '5', maxAmount: '5' }),
      ]).ok,
    ).toBe(true);
  });

  it('needs one to twelve rows', () => {
    expect(checkPeriods([])).toMatchObject({ ok: false, general: 'options.errors.none' });
    const many = Array.from({ length: 13 }, (_, i) => row({ seconds: String(10 + i) }));
    expect(checkPeriods(many)).toMatchObject({ ok: false, general: 'options.errors.many' });
    expect(checkPeriods([{ ...EMPTY_PERIOD }]).ok).toBe(false);
  });

  it.each([
    ['0.2', '20'],
    ['0.35', '35'],
    ['1.5', '150'],
    ['0.00000001', '0.000001'],
    ['x', undefined],
  ])('shows payout rate %s as %s%%', (rate, percent) => {
    expect(payoutPercent(rate)).toBe(percent);
  });
});

describe('order states', () => {
  it.each([
    ['filled', 'success'],
    ['won', 'success'],
    ['waiting', 'accent'],
    ['running', 'accent'],
    ['lost', 'danger'],
    ['revoked', 'danger'],
    ['draw', 'warning'],
    ['cancelled', 'neutral'],
  ] as const)('%s reads as %s', (state, tone) => {
    expect(stateTone(state)).toBe(tone);
  });
});
