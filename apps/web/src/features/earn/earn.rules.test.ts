import { describe, expect, it } from 'vitest';
import { dailyEarning, earlyExit, percentOf, todayEarning, totalEarning } from './earn.rules';

// The same cases as the server's earn.rules.test.ts: what the buy sheet shows is what is paid.
describe('smart plan figures shown before confirming', () => {
  it.each([
    ['1000', '0.01', 3, '10', '30'],
    ['1000', '0.005', 7, '5', '35'],
    ['123.456789', '0.0123', 10, '1.518518', '15.18518'],
    ['10', '0.00000001', 30, '0', '0'],
  ])('%s at %s for %s days: %s a day, %s in all', (amount, rate, days, daily, total) => {
    expect(dailyEarning(amount, rate, 'USDT')).toBe(daily);
    expect(totalEarning(amount, rate, days, 'USDT')).toBe(total);
  });

  it.each([
    ['1000', '0.05', '50', '950'],
    ['333.333333', '0.05', '16.666667', '316.666666'],
    ['100', '0', '0', '100'],
  ])('leaving %s early at %s keeps %s and refunds %s', (amount, rate, penalty, refund) => {
    expect(earlyExit(amount, rate, 'USDT')).toEqual({ penalty, refund });
  });

  it('shows rates as percentages', () => {
    expect(percentOf('0.005')).toBe('0.5');
    expect(percentOf('0.05')).toBe('5');
  });

  it("counts today's earnings only when a day was paid today", () => {
    const start = '2026-11-20T09:00:00.000Z';
    const plan = { startAt: start, paidDays: 5, dailyEarning: '5' };
    expect(todayEarning(plan, new Date('2026-11-25T12:00:00.000Z'))).toBe('5');
    expect(todayEarning(plan, new Date('2026-11-27T12:00:00.000Z'))).toBe('0');
    expect(todayEarning({ ...plan, paidDays: 0 }, new Date(start))).toBe('0');
  });
});
