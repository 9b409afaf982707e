import { describe, expect, it } from 'vitest';
import { candleStart as bucketStart } from '@swx/contract';
import { barFromTick, toBar, type Bar } from './candles';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('candle buckets', () => {
  it('cuts periods at UTC boundaries like the server', () => {
    expect(bucketStart('1min', at('2026-11-21T10:03:42Z'))).toBe(at('2026-11-21T10:03:00Z'));
    expect(bucketStart('15min', at('2026-11-21T10:44:59Z'))).toBe(at('2026-11-21T10:30:00Z'));
    expect(bucketStart('4hour', at('2026-11-21T10:03:42Z'))).toBe(at('2026-11-21T08:00:00Z'));
    expect(bucketStart('1day', at('2026-11-21T23:59:59Z'))).toBe(at('2026-11-21T00:00:00Z'));
    // 2026-11-21 is a Saturday; its week starts on Monday 16th.
    expect(bucketStart('1week', at('2026-11-21T12:00:00Z'))).toBe(at('2026-11-16T00:00:00Z'));
    expect(bucketStart('1week', at('2026-11-16T00:00:00Z'))).toBe(at('2026-11-16T00:00:00Z'));
    expect(bucketStart('1month', at('2026-11-21T12:00:00Z'))).toBe(at('2026-11-01T00:00:00Z'));
  });
});

describe('updating the last candle from a tick', () => {
  const last: Bar = toBar({
    t: '2026-11-21T10:00:00.000Z',
    o: '100',
    h: '105',
    l: '99',
    c: '102',
  });

  it('inside the period: close moves, high and low widen', () => {
    expect(barFromTick(last, { price: '107.5', ts: '2026-11-21T10:00:30Z' }, '1min')).toEqual({
      ...last,
      high: 107.5,
      close: 107.5,
    });
    expect(barFromTick(last, { price: '98', ts: '2026-11-21T10:00:59Z' }, '1min')).toEqual({
      ...last,
      low: 98,
      close: 98,
    });
    expect(barFromTick(last, { price: '101', ts: '2026-11-21T10:00:10Z' }, '1min')).toEqual({
      ...last,
      close: 101,
    });
  });

  it('a tick in the next period starts a new candle', () => {
    expect(barFromTick(last, { price: '103', ts: '2026-11-21T10:01:00Z' }, '1min')).toEqual({
      time: at('2026-11-21T10:01:00Z'),
      open: 103,
      high: 103,
      low: 103,
      close: 103,
    });
    // The same tick is still inside the hour candle.
    expect(barFromTick(last, { price: '103', ts: '2026-11-21T10:01:00Z' }, '1hour')?.time).toBe(
      last.time,
    );
  });

  it('ignores ticks older than the last candle and unreadable ticks', () => {
    expect(barFromTick(last, { price: '1', ts: '2026-11-21T09:59:59Z' }, '1min')).toBeNull();
    expect(barFromTick(last, { price: 'x', ts: '2026-11-21T10:00:01Z' }, '1min')).toBeNull();
  });

  it('starts the first candle when there is none', () => {
    expect(barFromTick(undefined, { price: '5', ts: '2026-11-21T10:07:00Z' }, '5min')).toEqual({
      time: at('2026-11-21T10:05:00Z'),
      open: 5,
      high: 5,
      low: 5,
      close: 5,
    });
  });
});
