import type { Timeframe } from '@swx/contract';

/** A candle in chart units: start time in UTC seconds, prices as numbers (display only). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

const FIXED: Partial<Record<Timeframe, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '1hour': 3600,
  '4hour': 14_400,
  '1day': 86_400,
};

/** Start of the candle holding UTC second `t`, as the server cuts them: days at 00:00 UTC, weeks
 * on Monday, months on the 1st. */
export function bucketStart(timeframe: Timeframe, t: number): number {
  const fixed = FIXED[timeframe];
  if (fixed) return Math.floor(t / fixed) * fixed;
  const day = Math.floor(t / 86_400);
  if (timeframe === '1week') {
    const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
    return (day - ((weekday + 6) % 7)) * 86_400;
  }
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
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
  const start = bucketStart(timeframe, seconds);
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
