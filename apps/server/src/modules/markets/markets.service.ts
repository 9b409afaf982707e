import type { Candle, MarketInfo, MarketItem, MarketType, Timeframe } from '@swx/contract';
import type { Locale } from '@swx/i18n';
import { dec } from '@swx/money';
import { AppError } from '../../platform/errors';
import { nextOpen, sessionAt } from './calendar.rules';
import { defaultSpan } from './candles.rules';
import type { Instrument, MarketHub } from './market-hub';

const iso = (t: number) => new Date(t * 1000).toISOString();

function appName(instrument: Instrument, locale: Locale): string {
  return instrument.row.names[locale] ?? instrument.row.name;
}

function item(hub: MarketHub, instrument: Instrument, locale: Locale, now: number): MarketItem {
  const { row, spec } = instrument;
  const t = Math.floor(now);
  return {
    id: row.id,
    code: row.code,
    type: row.type as MarketType,
    appName: appName(instrument, locale),
    logo: row.logo,
    price: hub.source.priceAt(spec, t - 86_400),
    nowPrice: hub.source.priceAt(spec, t),
    zdf: hub.source.zdf(spec, t),
    hundred: hub.source.hundred(spec, t),
    precision: row.precision,
    open: hub.source.isOpen(spec, t),
    stale: false,
    ts: iso(t),
  };
}

export function listMarkets(
  hub: MarketHub,
  type: MarketType | undefined,
  locale: Locale,
): MarketItem[] {
  const now = hub.now();
  return hub
    .all()
    .filter((i) => i.row.enabled && (type === undefined || i.row.type === type))
    .map((i) => item(hub, i, locale, now));
}

export function marketInfo(hub: MarketHub, id: number, locale: Locale): MarketInfo {
  const instrument = hub.byIdOf(id);
  if (!instrument?.row.enabled) throw new AppError(10101);
  const now = hub.now();
  const { row } = instrument;
  return {
    ...item(hub, instrument, locale, now),
    quoteAsset: row.quoteAsset,
    contractSize: dec(row.contractSize).toFixed(),
    leverages: row.leverages,
    spread: dec(row.spread).toFixed(),
    calendar: row.calendar,
    nextOpen: iso(nextOpen(instrument.spec.calendar, Math.floor(now))),
    source: 'simulator',
  };
}

export function candles(
  hub: MarketHub,
  input: { code: string; timeframe: Timeframe; from?: string | undefined; to?: string | undefined },
): { code: string; timeframe: Timeframe; candles: Candle[]; source: 'simulator' } {
  const instrument = hub.byCodeOf(input.code);
  if (!instrument?.row.enabled) throw new AppError(10101);
  const now = hub.now();
  const to = input.to ? Date.parse(input.to) / 1000 : now;
  const from = input.from ? Date.parse(input.from) / 1000 : defaultSpan(input.timeframe, to);
  if (from > to)
    throw new AppError(10100, {}, [
      { path: 'query.from', code: 'invalid_range', message: 'from is after to' },
    ]);
  return {
    code: input.code,
    timeframe: input.timeframe,
    candles: hub.source.candles(instrument.spec, input.timeframe, from, to, now),
    source: 'simulator',
  };
}

export function tradingHours(hub: MarketHub, code: string) {
  const instrument = hub.byCodeOf(code);
  if (!instrument) throw new AppError(10101);
  const now = Math.floor(hub.now());
  const session = sessionAt(instrument.spec.calendar, now);
  return {
    code,
    calendar: instrument.row.calendar,
    open: session !== undefined,
    nextOpen: iso(nextOpen(instrument.spec.calendar, now)),
    closesAt: session ? iso(session[1]) : null,
  };
}

export interface StatsSources {
  registeredUsers(): Promise<number>;
  /** The fee rates in force (spot, contract, convert), as decimal strings. */
  feeRates(): Promise<string[]>;
  /** Filled-order turnover in USDT since a time, one source per trading module. */
  turnoverSince: ((since: Date) => Promise<string>)[];
}

/** The home page's figures, each computed from the platform's own data. */
export async function platformStats(hub: MarketHub, sources: StatsSources) {
  const since = new Date((hub.now() - 86_400) * 1000);
  const turnovers = await Promise.all(sources.turnoverSince.map((f) => f(since)));
  const rates = await sources.feeRates();
  return {
    listedInstruments: hub.all().filter((i) => i.row.enabled).length,
    registeredUsers: await sources.registeredUsers(),
    volume24h: turnovers.reduce((total, v) => total.plus(dec(v)), dec('0')).toFixed(2),
    maxFeeRate: rates
      .reduce((max, r) => (dec(r).greaterThan(max) ? dec(r) : max), dec('0'))
      .toFixed(),
    feed: 'simulator' as const,
  };
}
