import type { Timeframe } from '@swx/contract';

const FIXED: Partial<Record<Timeframe, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '1hour': 3600,
  '4hour': 14_400,
  '1day': 86_400,
};

/** Candles start at UTC boundaries: days at 00:00, weeks on Monday, months on the 1st. */
export function bucketStart(timeframe: Timeframe, t: number): number {
  const fixed = FIXED[timeframe];
  if (fixed) return Math.floor(t / fixed) * fixed;
  const day = Math.floor(t / 86_400);
  if (timeframe === '1week') {
    const weekday = (((day + 4) % 7) + 7) % 7; // 0 Sunday
    return (day - ((weekday + 6) % 7)) * 86_400;
  }
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}

export function bucketEnd(timeframe: Timeframe, start: number): number {
  const fixed = FIXED[timeframe];
  if (fixed) return start + fixed;
  if (timeframe === '1week') return start + 7 * 86_400;
  const d = new Date(start * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
}

/** The candle starts covering [from, to), at most `limit`, newest kept. */
export function bucketStarts(
  timeframe: Timeframe,
  from: number,
  to: number,
  limit: number,
): number[] {
  const starts: number[] = [];
  for (let s = bucketStart(timeframe, from); s < to; s = bucketEnd(timeframe, s)) starts.push(s);
  return starts.slice(-limit);
}

/** How far back a chart reaches by default: 200 candles. */
export function defaultSpan(timeframe: Timeframe, to: number): number {
  let from = to;
  for (let i = 0; i < 200; i++) from = bucketStart(timeframe, from - 1);
  return from;
}
