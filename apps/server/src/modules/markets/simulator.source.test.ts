import { dec } from '@swx/money';
import { describe, expect, it } from 'vitest';
import { SimulatorSource, type SimulatedSpec } from './simulator.source';

const source = new SimulatorSource('test-seed');
const btc: SimulatedSpec = {
  code: 'BTCUSDT',
  base: 65_000,
  volatility: 0.6,
  precision: 2,
  calendar: 'always',
};
const aapl: SimulatedSpec = {
  code: 'AAPL',
  base: 225,
  volatility: 0.3,
  precision: 2,
  calendar: 'us_equity',
};
const at = (iso: string) => Date.parse(iso) / 1000;

describe('simulated candles agree with the ticks', () => {
  it.each(['1min', '5min', '15min', '1hour'] as const)(
    '%s candles are the OHLC of the per-second ticks',
    (timeframe) => {
      const now = at('2026-11-21T10:37:12Z');
      const candles = source.candles(btc, timeframe, now - 3 * 3600, now, now);
      expect(candles.length).toBeGreaterThan(0);
      for (const candle of candles.slice(-3)) {
        const start = Date.parse(candle.t) / 1000;
        const span = { '1min': 60, '5min': 300, '15min': 900, '1hour': 3600 }[timeframe];
        const ticks: string[] = [];
        for (let t = start; t < Math.min(start + span, now + 1); t++)
          ticks.push(source.priceAt(btc, t));
        const values = ticks.map((v) => dec(v));
        expect(candle.o).toBe(ticks[0]);
        expect(candle.c).toBe(ticks[ticks.length - 1]);
        expect(candle.h).toBe(values.reduce((a, b) => (b.greaterThan(a) ? b : a)).toFixed(2));
        expect(candle.l).toBe(values.reduce((a, b) => (b.lessThan(a) ? b : a)).toFixed(2));
      }
    },
  );

  it('cuts the newest candle at the end of the range asked for', () => {
    const now = at('2026-11-21T10:37:42Z');
    const to = at('2026-11-21T10:37:20Z');
    const [candle] = source.candles(btc, '1min', to - 10, to, now);
    expect(candle?.c).toBe(source.priceAt(btc, to));
    const [later] = source.candles(btc, '1min', to - 10, now, now);
    expect(later?.c).toBe(source.priceAt(btc, now));
  });

  it('has no candles while the market is closed, and the price stays at the last tick', () => {
    const saturday = at('2026-11-21T15:00:00Z');
    expect(source.isOpen(aapl, saturday)).toBe(false);
    const friday = source.candles(aapl, '1hour', at('2026-11-20T00:00:00Z'), saturday, saturday);
    expect(friday.map((c) => c.t.slice(11, 16))).toEqual([
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]);
    expect(source.priceAt(aapl, saturday)).toBe(friday[friday.length - 1]?.c);
    // The 14:00 UTC candle opens at 14:30 (09:30 New York), the first tick of the day.
    expect(friday[0]?.o).toBe(source.priceAt(aapl, at('2026-11-20T14:30:00Z')));
  });

  it('gives a day candle whose high and low bound its hour candles', () => {
    const now = at('2026-11-21T00:00:00Z');
    const [day] = source.candles(btc, '1day', at('2026-11-20T00:00:00Z'), now - 1, now);
    const hours = source.candles(btc, '1hour', at('2026-11-20T00:00:00Z'), now - 1, now);
    expect(hours).toHaveLength(24);
    expect(day?.o).toBe(hours[0]?.o);
    expect(day?.c).toBe(hours[23]?.c);
    expect(day?.h).toBe(
      hours
        .map((h) => dec(h.h))
        .reduce((a, b) => (b.greaterThan(a) ? b : a))
        .toFixed(2),
    );
    expect(day?.l).toBe(
      hours
        .map((h) => dec(h.l))
        .reduce((a, b) => (b.lessThan(a) ? b : a))
        .toFixed(2),
    );
  });

  it('reports zdf against 24 hours earlier and a 100-point sparkline', () => {
    const now = at('2026-11-21T10:00:00Z');
    const a = dec(source.priceAt(btc, now));
    const b = dec(source.priceAt(btc, now - 86_400));
    expect(source.zdf(btc, now)).toBe(a.minus(b).div(b).times(100).toDecimalPlaces(2).toFixed(2));
    const hundred = source.hundred(btc, now);
    expect(hundred).toHaveLength(100);
    expect(hundred[99]).toBe(source.priceAt(btc, Math.floor(now / 60) * 60));
    expect(hundred[0]).toBe(source.priceAt(btc, Math.floor(now / 60) * 60 - 99 * 60));
  });
});

describe('raw prices along the path', () => {
  it.each([btc, aapl])('are each tick unrounded, and NaN exactly while $code is closed', (spec) => {
    // A weekend day and the Monday after it: AAPL closes and opens in it.
    const from = at('2026-11-21T20:00:00Z');
    const to = from + 2 * 86_400;
    const prices = source.rawPrices(spec, from, to);
    expect(prices).toHaveLength(to - from);
    const half = 0.5 * 10 ** -spec.precision;
    let open = 0;
    for (let t = from; t < to; t += 7) {
      const raw = prices[t - from] ?? 0;
      expect(Number.isNaN(raw)).toBe(!source.isOpen(spec, t));
      if (Number.isNaN(raw)) continue;
      open++;
      expect(Math.abs(Number(source.priceAt(spec, t)) - raw)).toBeLessThanOrEqual(half * 1.000001);
    }
    expect(open).toBeGreaterThan(spec.calendar === 'always' ? 20_000 : 500);
  });
});
