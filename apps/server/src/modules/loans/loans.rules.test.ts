import { describe, expect, it } from 'vitest';
import {
  damagesPerDay,
  daysBegun,
  dueAmountOf,
  interestOf,
  loanProductProblems,
  overdueDaysAt,
  scheduleOf,
} from './loans.rules';

const T0 = new Date('2026-03-01T10:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

describe('loan rules', () => {
  it.each([
    [0, 0],
    [0.001, 1],
    [24, 1],
    [24.001, 2],
    [72, 3],
    [72.5, 4],
    [-5, 0],
  ])('%s hours after approval, %s days have begun', (hours, days) => {
    expect(daysBegun(T0, at(hours))).toBe(days);
  });

  const base = { amount: '1000', dailyRate: '0.001', freeDays: 3, days: 30, asset: 'USDT' };
  it.each([
    // elapsed days, interest: amount x rate x max(0, elapsed - N), the term caps elapsed days
    [0, '0'],
    [3, '0'],
    [4, '1'],
    [10, '7'],
    [30, '27'],
    [45, '27'],
  ])('1000 USDT at 0.1 %% a day, 3 days free: %s days elapsed cost %s', (days, interest) => {
    expect(interestOf(base, days)).toBe(interest);
  });

  it.each([
    [{ ...base }, '27', '1027'],
    [{ ...base, days: 7 }, '4', '1004'],
    [{ ...base, days: 7, freeDays: 10 }, '0', '1000'],
    [{ ...base, amount: '333.33', dailyRate: '0.0015', days: 14 }, '5.499945', '338.829945'],
    // rounded up to the asset's scale (a charge): 0.123456789 BTC x 0.0007 x 4
    [
      { ...base, amount: '0.123456789', asset: 'BTC', dailyRate: '0.0007', days: 7 },
      '0.00034568',
      '0.123802469',
    ],
  ])('due amount of %o: interest %s, total %s', (terms, totalInterest, dueAmount) => {
    expect(dueAmountOf(terms)).toEqual({ totalInterest, dueAmount });
  });

  it.each([
    ['1027', '0.005', '5.135'],
    ['1000.01', '0.005', '5.00005'],
    ['333.333333', '0.005', '1.666667'],
  ])('damages of one overdue day on %s at %s: %s', (due, rate, perDay) => {
    expect(damagesPerDay(due, rate, 'USDT')).toBe(perDay);
  });

  it.each([
    [-1, 0],
    [0, 1],
    [23.9, 1],
    [24, 2],
    [49, 3],
  ])('%s hours after the due date, %s overdue days have begun', (hours, days) => {
    expect(overdueDaysAt(T0, at(hours))).toBe(days);
  });

  it('the schedule shows the free days, the steps between and the due date', () => {
    expect(scheduleOf({ ...base, days: 60 })).toEqual([
      { day: 3, interest: '0', total: '1000' },
      { day: 7, interest: '4', total: '1004' },
      { day: 14, interest: '11', total: '1011' },
      { day: 30, interest: '27', total: '1027' },
      { day: 60, interest: '57', total: '1057' },
    ]);
    expect(scheduleOf({ ...base, days: 7 }).map((r) => r.day)).toEqual([3, 7]);
  });

  it('product problems', () => {
    expect(
      loanProductProblems({
        minAmount: '100',
        maxAmount: '5000',
        terms: [7, 30],
        dailyRate: '0.001',
      }),
    ).toEqual([]);
    expect(
      loanProductProblems({
        minAmount: '500',
        maxAmount: '100',
        terms: [7, 8, 7],
        dailyRate: '0.2',
      }),
    ).toEqual([
      'maxAmount: at least the minimum amount',
      'dailyRate: from 0 up to 0.05',
      'terms.1: one of 7, 14, 30, 60, 90',
      'terms.2: each length once',
    ]);
  });
});
