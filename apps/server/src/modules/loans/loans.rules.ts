import { LOAN_TERMS } from '@swx/contract';
import { dec, roundFee } from '@swx/money';

export const DAY_MS = 86_400_000;

/** Days begun since `from` (a day that has started counts), never below 0. */
export function daysBegun(from: Date, now: Date): number {
  const ms = now.getTime() - from.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/**
 * DOMAIN.md: interest = amount x daily rate x max(0, days elapsed - N), N the interest-free days.
 * Days elapsed count every begun day of the term (never more than the term); rounded up (a charge).
 */
export function interestOf(
  terms: { amount: string; dailyRate: string; freeDays: number; days: number; asset: string },
  elapsedDays: number,
): string {
  const charged = Math.max(0, Math.min(elapsedDays, terms.days) - terms.freeDays);
  return roundFee(dec(terms.amount).times(terms.dailyRate).times(charged), terms.asset).toFixed();
}

/** Principal plus the interest of the whole term: what the due date collects. */
export function dueAmountOf(terms: {
  amount: string;
  dailyRate: string;
  freeDays: number;
  days: number;
  asset: string;
}): { totalInterest: string; dueAmount: string } {
  const totalInterest = interestOf(terms, terms.days);
  return { totalInterest, dueAmount: dec(terms.amount).plus(totalInterest).toFixed() };
}

/** Liquidated damages of one overdue day: the amount due x the overdue rate, rounded up. */
export function damagesPerDay(dueAmount: string, penaltyRate: string, asset: string): string {
  return roundFee(dec(dueAmount).times(penaltyRate), asset).toFixed();
}

/**
 * Overdue day k (from 1) begins at the due date plus k - 1 days, and its damages accrue when it
 * begins: a loan not repaid on its due date owes one day at once.
 */
export function overdueDaysAt(dueAt: Date, now: Date): number {
  const ms = now.getTime() - dueAt.getTime();
  return ms < 0 ? 0 : Math.floor(ms / DAY_MS) + 1;
}

export interface ScheduleRow {
  day: number;
  interest: string;
  total: string;
}

/**
 * The repayment schedule shown before signing and in the agreement: what repaying by the end of
 * the interest-free days, by some days in between and on the due date takes.
 */
export function scheduleOf(terms: {
  amount: string;
  dailyRate: string;
  freeDays: number;
  days: number;
  asset: string;
}): ScheduleRow[] {
  const days = new Set<number>();
  if (terms.freeDays > 0 && terms.freeDays < terms.days) days.add(terms.freeDays);
  for (const d of [7, 14, 30, 60]) if (d > terms.freeDays && d < terms.days) days.add(d);
  days.add(terms.days);
  return [...days]
    .sort((a, b) => a - b)
    .map((day) => {
      const interest = interestOf(terms, day);
      return { day, interest, total: dec(terms.amount).plus(interest).toFixed() };
    });
}

/** The problems of a product as staff enter it (path: message), none when it can be offered. */
export function loanProductProblems(input: {
  minAmount: string;
  maxAmount: string;
  terms: readonly number[];
  dailyRate: string;
}): string[] {
  const problems: string[] = [];
  if (dec(input.minAmount).gt(input.maxAmount))
    problems.push('maxAmount: at least the minimum amount');
  const rate = dec(input.dailyRate);
  if (rate.isNegative() || rate.gt('0.05')) problems.push('dailyRate: from 0 up to 0.05');
  const seen = new Set<number>();
  input.terms.forEach((days, i) => {
    if (!(LOAN_TERMS as readonly number[]).includes(days))
      problems.push(`terms.${i}: one of ${LOAN_TERMS.join(', ')}`);
    if (seen.has(days)) problems.push(`terms.${i}: each length once`);
    seen.add(days);
  });
  return problems;
}
