import { Dec, dec, roundCredit, roundFee } from '@swx/money';

/** The server's figures, for showing them before the request (earn.rules.ts on the server). */
export function dailyEarning(amount: string, dailyYield: string, asset: string): string {
  return roundCredit(dec(amount).times(dailyYield), asset).toFixed();
}

export function totalEarning(amount: string, dailyYield: string, days: number, asset: string) {
  return dec(dailyEarning(amount, dailyYield, asset))
    .times(days)
    .toFixed();
}

export function earlyExit(amount: string, penaltyRate: string, asset: string) {
  const penalty = Dec.min(roundFee(dec(amount).times(penaltyRate), asset), dec(amount));
  return { penalty: penalty.toFixed(), refund: dec(amount).minus(penalty).toFixed() };
}

/** A rate as a percentage figure ("0.005" -> "0.5"). */
export function percentOf(rate: string): string {
  return dec(rate).times(100).toFixed();
}

/** What a plan paid today: the day's earning when a profit-sharing day fell on today's date. */
export function todayEarning(
  plan: { startAt: string; paidDays: number; dailyEarning: string },
  now: Date,
): string {
  if (plan.paidDays === 0) return '0';
  const last = new Date(Date.parse(plan.startAt) + plan.paidDays * 86_400_000);
  return last.toDateString() === now.toDateString() ? plan.dailyEarning : '0';
}

export const AMOUNT = /^\d+(\.\d{1,6})?$/;
