import type { Candle, Timeframe } from '@swx/contract';
import { dec, fromGeneratedNumber, Rounding } from '@swx/money';
import { isOpen, lastOpenSecond, openIntervals } from './calendar.rules';
import { bucketEnd, bucketStarts } from './candles.rules';
import type { CalendarId } from './instruments.catalogue';
import {
  forEachSecond,
  priceFromExponent,
  simulatedPrice,
  type SimulatedInstrument,
} from './simulator.rules';

export interface SimulatedSpec extends SimulatedInstrument {
  precision: number;
  calendar: CalendarId;
}

interface RawCandle {
  o: number;
  h: number;
  l: number;
  c: number;
}

const MAX_CACHED = 50_000;

/**
 * Prices, ticks and candles of the simulated feed. A tick is the price at each whole second while
 * the market is open, rounded half-even to the instrument's precision; a candle is the open, high,
 * low and close of the ticks in its period; while closed, the price stays at the last tick.
 * Finished candles are cached (they never change).
 */
export class SimulatorSource {
  private readonly cache = new Map<string, RawCandle | null>();

  constructor(readonly seed: string) {}

  /** The price a tick at second `t` carries (the last open second's price while closed). */
  priceAt(spec: SimulatedSpec, t: number): string {
    const second = lastOpenSecond(spec.calendar, Math.floor(t));
    return fromGeneratedNumber(simulatedPrice(this.seed, spec, second), spec.precision);
  }

  /**
   * The unrounded prices of the ticks of seconds [from, to), NaN where the market is closed (no
   * tick). A tick carries its price rounded half-even to the precision, so within half a unit of
   * this; evaluated along the path, several times faster than `priceAt` second by second.
   */
  rawPrices(spec: SimulatedSpec, from: number, to: number): Float64Array {
    const out = new Float64Array(Math.max(0, to - from)).fill(Number.NaN);
    for (const [a, b] of openIntervals(spec.calendar, from, to)) {
      forEachSecond(this.seed, spec, a, b, (t, x) => {
        out[t - from] = priceFromExponent(spec, x);
      });
    }
    return out;
  }

  isOpen(spec: SimulatedSpec, t: number): boolean {
    return isOpen(spec.calendar, Math.floor(t));
  }

  /** Percent change against 24 hours earlier, two decimals. */
  zdf(spec: SimulatedSpec, t: number): string {
    // Computed on the rounded prices a user sees, so the figure matches the two prices shown.
    const now = dec(this.priceAt(spec, t));
    const before = dec(this.priceAt(spec, Math.floor(t) - 86_400));
    if (before.isZero()) return '0.00';
    return now
      .minus(before)
      .div(before)
      .times(100)
      .toDecimalPlaces(2, Rounding.halfEven)
      .toFixed(2);
  }

  private readonly hundreds = new Map<string, string[]>();

  /** The prices at the last 100 whole minutes up to `t`, oldest first (changes once a minute). */
  hundred(spec: SimulatedSpec, t: number): string[] {
    const minute = Math.floor(t / 60) * 60;
    const key = `${spec.code}|${minute}`;
    const known = this.hundreds.get(key);
    if (known) return known;
    const prices = Array.from({ length: 100 }, (_, i) =>
      this.priceAt(spec, minute - (99 - i) * 60),
    );
    if (this.hundreds.size > 5_000) this.hundreds.clear();
    this.hundreds.set(key, prices);
    return prices;
  }

  /** The candle of [start, end) cut at `last`, the last second it may include. */
  private rawCandle(
    spec: SimulatedSpec,
    start: number,
    end: number,
    last: number,
  ): RawCandle | null {
    // A complete candle is the same for every query: only those are cached.
    const finished = end <= last + 1;
    const key = `${spec.code}|${start}|${end}`;
    if (finished && this.cache.has(key)) return this.cache.get(key) ?? null;
    let candle: { o: number; h: number; l: number; c: number } | null = null;
    for (const [a, b] of openIntervals(spec.calendar, start, Math.min(end, last + 1))) {
      forEachSecond(this.seed, spec, a, b, (_t, x) => {
        if (!candle) candle = { o: x, h: x, l: x, c: x };
        if (x > candle.h) candle.h = x;
        if (x < candle.l) candle.l = x;
        candle.c = x;
      });
    }
    const result: RawCandle | null = candle
      ? {
          o: priceFromExponent(spec, (candle as RawCandle).o),
          h: priceFromExponent(spec, (candle as RawCandle).h),
          l: priceFromExponent(spec, (candle as RawCandle).l),
          c: priceFromExponent(spec, (candle as RawCandle).c),
        }
      : null;
    if (finished) {
      if (this.cache.size >= MAX_CACHED)
        this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, result);
    }
    return result;
  }

  /**
   * Candles over [from, to] (Unix seconds), at most `limit`, skipping periods with no open second.
   * Rounding is monotonic, so the rounded high is the highest rounded tick.
   */
  candles(
    spec: SimulatedSpec,
    timeframe: Timeframe,
    from: number,
    to: number,
    now: number,
    limit = 500,
  ): Candle[] {
    const until = Math.min(to, now);
    const out: Candle[] = [];
    for (const start of bucketStarts(timeframe, from, until + 1, limit)) {
      const raw = this.rawCandle(spec, start, bucketEnd(timeframe, start), Math.floor(until));
      if (!raw) continue;
      const p = (v: number) => fromGeneratedNumber(v, spec.precision);
      out.push({
        t: new Date(start * 1000).toISOString(),
        o: p(raw.o),
        h: p(raw.h),
        l: p(raw.l),
        c: p(raw.c),
      });
    }
    return out;
  }
}
