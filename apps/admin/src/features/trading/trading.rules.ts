import {
  type AdminOptionsProduct,
  OptionsPeriodInput,
  type StaffOrder,
  type StaffOrderState,
  type TradeProduct,
} from '@swx/contract';
import { dec, isDecimalString } from '@swx/money';
import type { MessageKey } from '../../i18n/en';

// ---- options periods ----

/** One editable row of an options product: text as typed. */
export interface PeriodDraft {
  seconds: string;
  payoutRate: string;
  minAmount: string;
  maxAmount: string;
}

export type PeriodField = keyof PeriodDraft;
export type PeriodErrors = Partial<Record<PeriodField, MessageKey>>[];

export const MAX_PERIODS = 12;
export const MAX_PAYOUT_RATE = '10';

export function periodDraftsOf(product: AdminOptionsProduct): PeriodDraft[] {
  return product.periods.map((p) => ({
    seconds: String(p.seconds),
    payoutRate: p.payoutRate,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
  }));
}

export const EMPTY_PERIOD: PeriodDraft = {
  seconds: '',
  payoutRate: '',
  minAmount: '',
  maxAmount: '',
};

/** A payout rate as the percent of the stake paid as profit on a win: 0.35 is 35 %. */
export function payoutPercent(rate: string): string | undefined {
  return isDecimalString(rate.trim()) ? dec(rate.trim()).times(100).toFixed() : undefined;
}

/** A duration in seconds as staff and customers read it: 30 s, 2 min, 1 h 30 min. */
export function durationParts(seconds: number): { h: number; m: number; s: number } {
  return { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60), s: seconds % 60 };
}

export type PeriodsCheck =
  | { ok: false; errors: PeriodErrors; general?: MessageKey }
  | { ok: true; periods: OptionsPeriodInput[] };

/**
 * Checks the rows with the contract's schema (what the server applies first) and the server's own
 * rules: seconds unique, payout above 0 and at most 10 (1,000 %), minimum above 0 and not above
 * the maximum. Errors are per row and field.
 */
export function checkPeriods(drafts: readonly PeriodDraft[]): PeriodsCheck {
  if (drafts.length === 0) return { ok: false, errors: [], general: 'options.errors.none' };
  if (drafts.length > MAX_PERIODS) return { ok: false, errors: [], general: 'options.errors.many' };
  const errors: PeriodErrors = drafts.map(() => ({}));
  const periods: OptionsPeriodInput[] = [];
  const seen = new Set<number>();
  drafts.forEach((draft, i) => {
    const row = errors[i] ?? {};
    const trimmed = {
      seconds: /^\d{1,6}$/.test(draft.seconds.trim()) ? Number(draft.seconds.trim()) : NaN,
      payoutRate: draft.payoutRate.trim(),
      minAmount: draft.minAmount.trim(),
      maxAmount: draft.maxAmount.trim(),
    };
    const parsed = OptionsPeriodInput.safeParse(trimmed);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as PeriodField;
        row[field] ??= `options.errors.${field}`;
      }
    }
    if (!row.seconds) {
      if (seen.has(trimmed.seconds)) row.seconds = 'options.errors.duplicate';
      seen.add(trimmed.seconds);
    }
    if (!row.payoutRate) {
      const rate = dec(trimmed.payoutRate);
      if (rate.lte(0) || rate.gt(MAX_PAYOUT_RATE)) row.payoutRate = 'options.errors.payoutRate';
    }
    if (!row.minAmount && dec(trimmed.minAmount).lte(0)) row.minAmount = 'options.errors.minAmount';
    if (!row.minAmount && !row.maxAmount && dec(trimmed.minAmount).gt(trimmed.maxAmount))
      row.maxAmount = 'options.errors.range';
    if (parsed.success) periods.push(parsed.data);
  });
  const failed = errors.some((row) => Object.keys(row).length > 0);
  return failed ? { ok: false, errors } : { ok: true, periods };
}

// ---- orders ----

export const PRODUCTS: readonly TradeProduct[] = ['spot', 'contract', 'options', 'convert'];

/** The states a product's orders can be in (convert has none to filter by). */
export const STATES_OF: Record<TradeProduct, readonly StaffOrderState[]> = {
  spot: ['waiting', 'filled', 'cancelled', 'revoked'],
  contract: ['awaiting', 'open', 'closed', 'cancelled'],
  options: ['running', 'won', 'lost', 'draw'],
  convert: [],
};

export function isProduct(value: string | null): value is TradeProduct {
  return (PRODUCTS as readonly (string | null)[]).includes(value);
}

export function stateTone(state: string): 'neutral' | 'accent' | 'success' | 'danger' | 'warning' {
  if (['filled', 'won', 'open', 'done'].includes(state)) return 'success';
  if (['waiting', 'awaiting', 'running'].includes(state)) return 'accent';
  if (['lost', 'revoked'].includes(state)) return 'danger';
  if (state === 'draw') return 'warning';
  return 'neutral';
}

/** The line a staff member reads first about an order: what, how much, which way. */
export function orderSummary(row: StaffOrder): {
  state: StaffOrderState | 'done';
  what: string;
  amount: string;
} {
  switch (row.product) {
    case 'spot': {
      const o = row.order;
      const amount = o.filledQuantity ?? o.quantity ?? o.turnover ?? '—';
      return { state: o.state, what: `${o.side} ${o.type}`, amount: `${amount}` };
    }
    case 'contract': {
      const o = row.order;
      return { state: o.state, what: `${o.direction} ${o.type} ${o.leverage}×`, amount: o.lots };
    }
    case 'options': {
      const o = row.order;
      return { state: o.state, what: `${o.direction} ${o.seconds}s`, amount: o.amount };
    }
    case 'convert': {
      const o = row.order;
      return { state: 'done', what: `${o.from} → ${o.to}`, amount: o.amount };
    }
  }
}
