import { AdminInstrument, updateInstrument } from '@swx/contract';
import type { z } from 'zod';
import type { MessageKey } from '../../i18n/en';

export type InstrumentCalendar = AdminInstrument['calendar'];
export type InstrumentUpdate = z.output<typeof updateInstrument.body>;

/** Market types of the specification: 1 forex, 2 crypto, 3 stocks, 4 futures, 5 ETF, 6 metals. */
export const MARKET_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type MarketTypeValue = (typeof MARKET_TYPES)[number];

export const CALENDARS = AdminInstrument.shape.calendar.options;

export function isMarketType(value: unknown): value is MarketTypeValue {
  return (MARKET_TYPES as readonly unknown[]).includes(value);
}

export function marketTypeLabel(type: number): MessageKey {
  return isMarketType(type) ? `instruments.type.${type}` : 'instruments.type.unknown';
}

export function calendarLabel(calendar: InstrumentCalendar): MessageKey {
  return `instruments.calendar.${calendar}`;
}

/** Server order: by type, then sort, then id. Kept after an edit changes a row's sort. */
export function compareInstruments(a: AdminInstrument, b: AdminInstrument): number {
  return a.type - b.type || a.sort - b.sort || a.id - b.id;
}

/** Case-insensitive match on the code or the English name; an empty query matches everything. */
export function matchesQuery(instrument: Pick<AdminInstrument, 'code' | 'name'>, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return instrument.code.toLowerCase().includes(q) || instrument.name.toLowerCase().includes(q);
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Moves the decimal point of a plain decimal string `places` to the right (string arithmetic: no
 * float ever touches a spread, so 0.00008 stays 0.008 and never becomes 0.008000000000000002).
 */
export function shiftDecimal(value: string, places: number): string {
  const match = PLAIN_DECIMAL.exec(value);
  if (!match) return value;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(places, '0');
  const int = (whole + fraction.slice(0, places)).replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(places).replace(/0+$/, '');
  return rest ? `${int}.${rest}` : int;
}

/** Same number, canonical text: `1.50` and `1.5` compare equal, `007` becomes `7`. */
export function normalizeDecimal(value: string): string {
  return shiftDecimal(value.trim(), 0);
}

/** A spread (share of price) as percent and basis points: 0.0004 is 0.04% and 4 bp. */
export function spreadParts(spread: string): { percent: string; bps: string } {
  return { percent: shiftDecimal(spread, 2), bps: shiftDecimal(spread, 4) };
}

/** Leverages as the server stores them: deduplicated, ascending. */
export function normalizeLeverages(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

export function formatLeverages(values: readonly number[]): string {
  return values.join(', ');
}

/**
 * Reads "1, 5, 10" (commas or spaces). Whole numbers become numbers; anything else is kept as
 * text so that the contract's schema refuses it, like any other invalid value.
 */
export function parseLeverages(text: string): (number | string)[] {
  const tokens = text
    .split(/[\s,;]+/)
    .map((token) => token.trim())
    .filter(Boolean);
  const values = tokens.map((token) => (/^\d{1,6}$/.test(token) ? Number(token) : token));
  return values.every((v) => typeof v === 'number') ? normalizeLeverages(values) : values;
}

export interface InstrumentDraft {
  enabled: boolean;
  sort: string;
  spread: string;
  leverages: string;
  contractSize: string;
  calendar: InstrumentCalendar;
  /** Empty: the products' fee parameters apply. */
  feeRate: string;
}

export type DraftField = keyof InstrumentDraft;
export type DraftErrors = Partial<Record<DraftField, MessageKey>>;

const FIELD_ERRORS: Record<DraftField, MessageKey> = {
  enabled: 'instruments.errors.enabled',
  sort: 'instruments.errors.sort',
  spread: 'instruments.errors.spread',
  leverages: 'instruments.errors.leverages',
  contractSize: 'instruments.errors.contractSize',
  calendar: 'instruments.errors.calendar',
  feeRate: 'instruments.errors.feeRate',
};

function isDraftField(key: PropertyKey | undefined): key is DraftField {
  return typeof key === 'string' && key in FIELD_ERRORS;
}

export function draftOf(instrument: AdminInstrument): InstrumentDraft {
  return {
    enabled: instrument.enabled,
    sort: String(instrument.sort),
    spread: instrument.spread,
    leverages: formatLeverages(instrument.leverages),
    contractSize: instrument.contractSize,
    calendar: instrument.calendar,
    feeRate: instrument.feeRate ?? '',
  };
}

export type DraftCheck =
  | { ok: false; errors: DraftErrors }
  /** `body` holds only what changed, so the audit log records only real changes; may be empty. */
  | { ok: true; body: InstrumentUpdate };

/**
 * Turns the form into the update body and validates it with the contract's own schema (the one
 * the server applies), plus the server's extra rule that a contract size is above zero.
 */
export function checkDraft(draft: InstrumentDraft, original: AdminInstrument): DraftCheck {
  const sort = draft.sort.trim();
  const candidate = {
    enabled: draft.enabled,
    sort: /^\d{1,9}$/.test(sort) ? Number(sort) : sort,
    spread: draft.spread.trim(),
    leverages: parseLeverages(draft.leverages),
    contractSize: draft.contractSize.trim(),
    calendar: draft.calendar,
    feeRate: draft.feeRate.trim() === '' ? null : draft.feeRate.trim(),
  };

  const errors: DraftErrors = {};
  const parsed = updateInstrument.body.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isDraftField(field)) errors[field] = FIELD_ERRORS[field];
    }
  }
  if (!errors.contractSize && /^[0.]+$/.test(candidate.contractSize)) {
    errors.contractSize = FIELD_ERRORS.contractSize;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };

  const next = parsed.data;
  const body: InstrumentUpdate = {};
  if (next.enabled !== original.enabled) body.enabled = next.enabled;
  if (next.sort !== original.sort) body.sort = next.sort;
  if (
    next.spread !== undefined &&
    normalizeDecimal(next.spread) !== normalizeDecimal(original.spread)
  ) {
    body.spread = next.spread;
  }
  if (
    next.leverages !== undefined &&
    formatLeverages(next.leverages) !== formatLeverages(normalizeLeverages(original.leverages))
  ) {
    body.leverages = next.leverages;
  }
  if (
    next.contractSize !== undefined &&
    normalizeDecimal(next.contractSize) !== normalizeDecimal(original.contractSize)
  ) {
    body.contractSize = next.contractSize;
  }
  if (next.calendar !== original.calendar) body.calendar = next.calendar;
  const feeRate = next.feeRate == null ? null : normalizeDecimal(next.feeRate);
  if (feeRate !== (original.feeRate === null ? null : normalizeDecimal(original.feeRate))) {
    body.feeRate = next.feeRate ?? null;
  }
  return { ok: true, body };
}

/** Server field errors (`contractSize`, `leverages.0` …) by form field; others stay general. */
export function fieldOfPath(path: string): DraftField | undefined {
  const first = path.split('.')[0];
  return isDraftField(first) ? first : undefined;
}
