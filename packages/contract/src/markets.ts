import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime } from './common';
import { route } from './route';

/** Market types of the specification: 1 forex, 2 crypto, 3 stocks, 4 futures, 5 ETF, 6 metals. */
export const MarketType = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
]);
export type MarketType = z.infer<typeof MarketType>;

export const Timeframe = z.enum([
  '1min',
  '5min',
  '15min',
  '30min',
  '1hour',
  '4hour',
  '1day',
  '1week',
  '1month',
]);
export type Timeframe = z.infer<typeof Timeframe>;

export const FeedSource = z.enum(['simulator', 'live']);

const FIXED_SECONDS: Partial<Record<Timeframe, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '1hour': 3600,
  '4hour': 14_400,
  '1day': 86_400,
};

/**
 * Start (UTC seconds) of the candle holding second `t`: fixed periods from the epoch, days at
 * 00:00 UTC, weeks on Monday, months on the 1st. The server cuts candles and the chart extends
 * the last one with live ticks by this one rule.
 */
export function candleStart(timeframe: Timeframe, t: number): number {
  const fixed = FIXED_SECONDS[timeframe];
  if (fixed) return Math.floor(t / fixed) * fixed;
  const day = Math.floor(t / 86_400);
  if (timeframe === '1week') {
    const weekday = (((day + 4) % 7) + 7) % 7; // 0 Sunday
    return (day - ((weekday + 6) % 7)) * 86_400;
  }
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}

/** End (exclusive) of the candle starting at `start`. */
export function candleEnd(timeframe: Timeframe, start: number): number {
  const fixed = FIXED_SECONDS[timeframe];
  if (fixed) return start + fixed;
  if (timeframe === '1week') return start + 7 * 86_400;
  const d = new Date(start * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
}

export const MarketItem = z.object({
  id: z.number().int(),
  code: z.string(),
  type: MarketType,
  /** Display name in the caller's language. */
  appName: z.string(),
  /** Site-relative address of the instrument's logo. */
  logo: z.string(),
  /** The reference price 24 hours ago, from which `zdf` is computed. */
  price: DecimalString,
  /** The latest price. */
  nowPrice: DecimalString,
  /** Percent change against 24 hours ago, two decimals, signed ("-1.25"). */
  zdf: DecimalString,
  /** Prices at the last 100 whole minutes, oldest first (the home sparkline; append `nowPrice`). */
  hundred: z.array(DecimalString),
  precision: z.number().int(),
  open: z.boolean(),
  /** No tick for longer than the staleness limit (live feeds). */
  stale: z.boolean(),
  /** Where the price comes from; the UI labels simulated prices as such. */
  source: FeedSource,
  ts: IsoDateTime,
});
export type MarketItem = z.infer<typeof MarketItem>;

export const MarketInfo = MarketItem.extend({
  quoteAsset: z.string(),
  contractSize: DecimalString,
  leverages: z.array(z.number().int()),
  spread: DecimalString,
  /** The fee rates in force on this instrument (its own, or the products' parameters). */
  spotFeeRate: DecimalString,
  contractFeeRate: DecimalString,
  calendar: z.string(),
  nextOpen: IsoDateTime.nullable(),
});
export type MarketInfo = z.infer<typeof MarketInfo>;

export const Candle = z.object({
  /** Start of the candle. */
  t: IsoDateTime,
  o: DecimalString,
  h: DecimalString,
  l: DecimalString,
  c: DecimalString,
});
export type Candle = z.infer<typeof Candle>;

/** GET /swx/customer/index/listMarketByType?type=2 (all types when omitted) */
export const listMarketByType = route({
  method: 'GET',
  path: '/swx/customer/index/listMarketByType',
  query: z.object({ type: z.coerce.number().pipe(MarketType).optional() }),
  reply: envelope(z.array(MarketItem)),
});

/** GET /swx/customer/index/getMarketInfo/{id} */
export const getMarketInfo = route({
  method: 'GET',
  path: '/swx/customer/index/getMarketInfo/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(MarketInfo),
});

/** GET /swx/customer/index/getKValueByCodeAndDate?code=&timeframe=&from=&to= (at most 500 candles) */
export const getKValueByCodeAndDate = route({
  method: 'GET',
  path: '/swx/customer/index/getKValueByCodeAndDate',
  query: z.object({
    code: z.string().min(1).max(32),
    timeframe: Timeframe,
    from: IsoDateTime.optional(),
    to: IsoDateTime.optional(),
  }),
  reply: envelope(
    z.object({
      code: z.string(),
      timeframe: Timeframe,
      candles: z.array(Candle),
      source: FeedSource,
    }),
  ),
});

/** GET /swx/customer/index/getTradingHours/{code} */
export const getTradingHours = route({
  method: 'GET',
  path: '/swx/customer/index/getTradingHours/:code',
  params: z.object({ code: z.string().min(1).max(32) }),
  reply: envelope(
    z.object({
      code: z.string(),
      calendar: z.string(),
      open: z.boolean(),
      /** Start of the next session (now when open). */
      nextOpen: IsoDateTime.nullable(),
      /** End of the current session when open. */
      closesAt: IsoDateTime.nullable(),
    }),
  ),
});

/** GET /swx/customer/index/getPlatformStats: figures computed from the platform's own data. */
export const getPlatformStats = route({
  method: 'GET',
  path: '/swx/customer/index/getPlatformStats',
  reply: envelope(
    z.object({
      listedInstruments: z.number().int(),
      registeredUsers: z.number().int(),
      /** Turnover of filled orders over the last 24 hours, in USDT. */
      volume24h: DecimalString,
      /** The highest trading fee rate in force (a share: 0.002 = 0.2%). */
      maxFeeRate: DecimalString,
      feed: FeedSource,
    }),
  ),
});
