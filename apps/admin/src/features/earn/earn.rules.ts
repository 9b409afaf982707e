import { SmartProductInput, type AdminSmartProduct } from '@swx/contract';
import { dec } from '@swx/money';

export interface TermDraft {
  days: string;
  /** Percent a day as staff type it ("0.5" for 0.5 %). */
  percent: string;
}

export interface ProductDraft {
  name: string;
  minAmount: string;
  maxAmount: string;
  /** Percent of the amount kept on early exit. */
  penaltyPercent: string;
  enabled: boolean;
  terms: TermDraft[];
}

export const EMPTY_PRODUCT: ProductDraft = {
  name: '',
  minAmount: '100',
  maxAmount: '10000',
  penaltyPercent: '5',
  enabled: true,
  terms: [{ days: '7', percent: '' }],
};

const DECIMAL = /^\d+(\.\d+)?$/;
const percentText = (rate: string) => dec(rate).times(100).toFixed();
const rateOf = (percent: string) => dec(percent).div(100).toFixed();

export function draftOf(product: AdminSmartProduct): ProductDraft {
  return {
    name: product.name,
    minAmount: product.minAmount,
    maxAmount: product.maxAmount,
    penaltyPercent: percentText(product.penaltyRate),
    enabled: product.enabled,
    terms: product.terms.map((t) => ({ days: String(t.days), percent: percentText(t.dailyYield) })),
  };
}

/**
 * The request body of a draft, or the first problem in it (the server checks the same rules:
 * min <= max, penalty below 100 %, each length once, a daily yield above 0 and at most 10 %).
 */
export function inputOf(
  draft: ProductDraft,
): { ok: true; input: SmartProductInput } | { ok: false; problem: string } {
  const numbers = [
    draft.minAmount,
    draft.maxAmount,
    draft.penaltyPercent,
    ...draft.terms.map((t) => t.percent),
  ];
  if (numbers.some((n) => !DECIMAL.test(n.trim())))
    return { ok: false, problem: 'earn.errors.number' };
  if (draft.terms.some((t) => !/^\d{1,3}$/.test(t.days.trim()) || Number(t.days) < 1))
    return { ok: false, problem: 'earn.errors.days' };
  if (new Set(draft.terms.map((t) => Number(t.days))).size !== draft.terms.length)
    return { ok: false, problem: 'earn.errors.duplicate' };
  if (dec(draft.minAmount).gt(draft.maxAmount)) return { ok: false, problem: 'earn.errors.range' };
  if (dec(draft.penaltyPercent).gte(100)) return { ok: false, problem: 'earn.errors.penalty' };
  if (draft.terms.some((t) => dec(t.percent).lte(0) || dec(t.percent).gt(10)))
    return { ok: false, problem: 'earn.errors.yield' };
  const parsed = SmartProductInput.safeParse({
    name: draft.name,
    minAmount: draft.minAmount.trim(),
    maxAmount: draft.maxAmount.trim(),
    penaltyRate: rateOf(draft.penaltyPercent.trim()),
    enabled: draft.enabled,
    terms: draft.terms.map((t) => ({ days: Number(t.days), dailyYield: rateOf(t.percent.trim()) })),
  });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, problem: 'earn.errors.name' };
}

/** A product's body with `enabled` changed (the update takes the whole product). */
export function withEnabled(product: AdminSmartProduct, enabled: boolean): SmartProductInput {
  return {
    name: product.name,
    minAmount: product.minAmount,
    maxAmount: product.maxAmount,
    penaltyRate: product.penaltyRate,
    terms: product.terms,
    enabled,
  };
}

export { percentText };
