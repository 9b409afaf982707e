import { candleStart, type Timeframe } from '@swx/contract';

/** A candle in chart units: start time in UTC seconds, prices as numbers (display only). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * Applies a tick to the last candle: inside its period the close moves and the high/low widen; a
 * tick in a later period starts a new candle at the tick's price (as the feed cuts them); a tick older
 * than the last candle is ignored. Returns the bar to draw, or null when nothing changes.
 */
export function barFromTick(
  last: Bar | undefined,
  tick: { price: string; ts: string },
  timeframe: Timeframe,
): Bar | null {
  const price = Number(tick.price);
  const seconds = Math.floor(Date.parse(tick.ts) / 1000);
  if (!Number.isFinite(price) || !Number.isFinite(seconds)) return null;
  const start = candleStart(timeframe, seconds);
  if (!last) return { time: start, open: price, high: price, low: price, close: price };
  if (start < last.time) return null;
  if (start === last.time) {
    return {
      ...last,
      high: Math.max(last.high, price),
      low: Math.min(last.low, price),
      close: price,
    };
  }
  return { time: start, open: price, high: price, low: price, close: price };
}

export function toBar(candle: { t: string; o: string; h: string; l: string; c: string }): Bar {
  return {
    time: Math.floor(Date.parse(candle.t) / 1000),
    open: Number(candle.o),
    high: Number(candle.h),
    low: Number(candle.l),
    close: Number(candle.c),
  };
}

export const TIMEFRAME_GROUPS: readonly {
  unit: 'min' | 'hour' | 'day' | 'week' | 'month';
  timeframes: readonly Timeframe[];
}[] = [
  { unit: 'min', timeframes: ['1min', '5min', '15min', '30min'] },
  { unit: 'hour', timeframes: ['1hour', '4hour'] },
  { unit: 'day', timeframes: ['1day'] },
  { unit: 'week', timeframes: ['1week'] },
  { unit: 'month', timeframes: ['1month'] },
];
