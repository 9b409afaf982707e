import { Dec, dec, roundCredit, roundFee } from '@swx/money';

export const DAY_MS = 86_400_000;

/** What one profit-sharing day pays: principal x daily yield, rounded down to the asset's scale. */
export function dailyEarningOf(amount: string, dailyYield: string, asset: string): string {
  return roundCredit(dec(amount).times(dailyYield), asset).toFixed();
}

/** Every profit-sharing day of a plan together. */
export function totalEarningOf(dailyEarning: string, days: number): string {
  return dec(dailyEarning).times(days).toFixed();
}

/**
 * Early exit: the penalty is the principal x the penalty rate, rounded up (a charge), never more
 * than the principal; the rest of the principal is refunded.
 */
export function earlyExit(
  amount: string,
  penaltyRate: string,
  asset: string,
): { penalty: string; refund: string } {
  const penalty = Dec.min(roundFee(dec(amount).times(penaltyRate), asset), dec(amount));
  return { penalty: penalty.toFixed(), refund: dec(amount).minus(penalty).toFixed() };
}

/** Day k (1-based) of a plan is paid at its start plus k days. */
export function dueAt(startAt: Date, day: number): Date {
  return new Date(startAt.getTime() + day * DAY_MS);
}

/** The problems of a product as staff enter it (path: message), none when it can be offered. */
export function productProblems(input: {
  minAmount: string;
  maxAmount: string;
  terms: readonly { days: number; dailyYield: string }[];
  penaltyRate: string;
}): string[] {
  const problems: string[] = [];
  if (dec(input.minAmount).gt(input.maxAmount))
    problems.push('maxAmount: at least the minimum amount');
  const rate = dec(input.penaltyRate);
  if (rate.isNegative() || rate.gte(1))
    problems.push('penaltyRate: from 0 up to, not including, 1');
  const seen = new Set<number>();
  input.terms.forEach((term, i) => {
    if (seen.has(term.days)) problems.push(`terms.${i}.days: each length once`);
    seen.add(term.days);
    const y = dec(term.dailyYield);
    if (y.lte(0) || y.gt('0.1')) problems.push(`terms.${i}.dailyYield: above 0 and at most 0.1`);
  });
  return problems;
}
