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

async function item(
  hub: MarketHub,
  instrument: Instrument,
  locale: Locale,
  now: number,
): Promise<MarketItem> {
  const { row, spec } = instrument;
  const t = Math.floor(now);
  const base = {
    id: row.id,
    code: row.code,
    type: row.type as MarketType,
    appName: appName(instrument, locale),
    logo: row.logo,
    precision: row.precision,
  };
  const live = hub.live;
  if (live && hub.isLive(instrument)) {
    const nowPrice = live.source.price(row.code) ?? (await live.source.lastClose(row.code)) ?? '0';
    const at = live.source.lastTickAt(row.code);
    return {
      ...base,
      price: dec(live.source.open24h(row.code) ?? nowPrice).toFixed(row.precision),
      nowPrice: dec(nowPrice).toFixed(row.precision),
      zdf: live.source.zdf(row.code),
      hundred: await live.source.hundred(row.code, now),
      open: true,
      stale: live.source.isStale(row.code),
      source: 'live',
      ts: at === undefined ? iso(t) : new Date(at).toISOString(),
    };
  }
  return {
    ...base,
    price: hub.source.priceAt(spec, t - 86_400),
    nowPrice: hub.source.priceAt(spec, t),
    zdf: hub.source.zdf(spec, t),
    hundred: hub.source.hundred(spec, t),
    open: hub.source.isOpen(spec, t),
    stale: false,
    source: 'simulator',
    ts: iso(t),
  };
}

// Prices move once a second: a list computed in this second is the answer for every caller.
const listCache = new WeakMap<
  MarketHub,
  { second: number; lists: Map<string, Promise<MarketItem[]>> }
>();

export function listMarkets(
  hub: MarketHub,
  type: MarketType | undefined,
  locale: Locale,
): Promise<MarketItem[]> {
  const now = hub.now();
  const second = Math.floor(now);
  let cache = listCache.get(hub);
  if (cache?.second !== second) listCache.set(hub, (cache = { second, lists: new Map() }));
  const lists = cache.lists;
  const key = `${type ?? 'all'}|${locale}|${hub.version}`;
  let list = lists.get(key);
  if (!list) {
    const chosen = hub
      .all()
      .filter((i) => i.row.enabled && (type === undefined || i.row.type === type));
    list = Promise.all(chosen.map((i) => item(hub, i, locale, now)));
    lists.set(key, list);
    list.catch(() => lists.delete(key));
  }
  return list;
}

/**
 * One instrument with its trading terms. `rates` are the products' parameters (spot, contract);
 * an instrument's own fee rate replaces both.
 */
export async function marketInfo(
  hub: MarketHub,
  id: number,
  locale: Locale,
  rates: readonly string[],
): Promise<MarketInfo> {
  const instrument = hub.byIdOf(id);
  if (!instrument?.row.enabled) throw new AppError(10101);
  const now = hub.now();
  const { row } = instrument;
  return {
    ...(await item(hub, instrument, locale, now)),
    quoteAsset: row.quoteAsset,
    contractSize: dec(row.contractSize).toFixed(),
    leverages: row.leverages,
    spread: dec(row.spread).toFixed(),
    spotFeeRate: dec(row.feeRate ?? rates[0] ?? '0').toFixed(),
    contractFeeRate: dec(row.feeRate ?? rates[1] ?? '0').toFixed(),
    calendar: row.calendar,
    nextOpen: iso(nextOpen(instrument.spec.calendar, Math.floor(now))),
  };
}

export async function candles(
  hub: MarketHub,
  input: { code: string; timeframe: Timeframe; from?: string | undefined; to?: string | undefined },
): Promise<{
  code: string;
  timeframe: Timeframe;
  candles: Candle[];
  source: 'simulator' | 'live';
}> {
  const instrument = hub.byCodeOf(input.code);
  if (!instrument?.row.enabled) throw new AppError(10101);
  const now = hub.now();
  const to = input.to ? Date.parse(input.to) / 1000 : now;
  const from = input.from ? Date.parse(input.from) / 1000 : defaultSpan(input.timeframe, to);
  if (from > to) {
    throw new AppError(10100, {}, [
      { path: 'query.from', code: 'invalid_range', message: 'from is after to' },
    ]);
  }
  const live = hub.live;
  if (live && hub.isLive(instrument)) {
    const list = await live.source.candles(
      input.code,
      input.timeframe,
      from,
      Math.min(to, now),
      instrument.row.precision,
    );
    return { code: input.code, timeframe: input.timeframe, candles: list, source: 'live' };
  }
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
  const enabled = hub.all().filter((i) => i.row.enabled);
  const rates = [
    ...(await sources.feeRates()),
    ...enabled.flatMap((i) => (i.row.feeRate === null ? [] : [i.row.feeRate])),
  ];
  return {
    listedInstruments: enabled.length,
    registeredUsers: await sources.registeredUsers(),
    volume24h: turnovers.reduce((total, v) => total.plus(dec(v)), dec('0')).toFixed(2),
    maxFeeRate: rates
      .reduce((top, r) => (dec(r).greaterThan(top) ? dec(r) : top), dec('0'))
      .toFixed(),
    // "Simulated market data" is shown while any listed price comes from the simulator.
    feed: hub.all().some((i) => i.row.enabled && !hub.isLive(i))
      ? ('simulator' as const)
      : ('live' as const),
  };
}
