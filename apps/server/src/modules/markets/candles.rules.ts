import { candleEnd as bucketEnd, candleStart as bucketStart, type Timeframe } from '@swx/contract';

// One rule for where candles start, shared with the chart in the customer app.
export { bucketEnd, bucketStart };

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
