import type { LoanProduct } from '@swx/contract';
import { dec, fitsScale, roundFee } from '@swx/money';

export const DAY_MS = 86_400_000;

/** A typed amount: digits with an optional fraction. */
export const AMOUNT = /^\d+(\.\d+)?$/;

/** Whether the amount can be applied for under the product (range and the asset's scale). */
export function amountFits(product: LoanProduct, amount: string): boolean {
  if (!AMOUNT.test(amount)) return false;
  const value = dec(amount);
  return (
    fitsScale(value, product.asset) && value.gte(product.minAmount) && value.lte(product.maxAmount)
  );
}

/**
 * The calculator, by the agreement's own formula: interest = amount x daily rate x
 * max(0, days - interest-free days), rounded up to the asset's scale; the total is due at the end.
 */
export function loanQuote(product: LoanProduct, amount: string, days: number, now = Date.now()) {
  const charged = Math.max(0, days - product.freeDays);
  const interest = roundFee(dec(amount).times(product.dailyRate).times(charged), product.asset);
  return {
    interest: interest.toFixed(),
    total: dec(amount).plus(interest).toFixed(),
    dueAt: new Date(now + days * DAY_MS).toISOString(),
  };
}

/** A rate as a percentage without trailing zeros ("0.0015" -> "0.15"). */
export function percentOf(rate: string): string {
  return dec(rate).times(100).toFixed();
}
