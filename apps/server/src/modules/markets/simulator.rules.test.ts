import { describe, expect, it } from 'vitest';
import {
  detExp,
  forEachSecond,
  hash32,
  path,
  PATH_BOUND,
  REFERENCE_TIME,
  priceFromExponent,
  simulatedPrice,
} from './simulator.rules';

const btc = { code: 'BTCUSDT', base: 65_000, volatility: 0.7 };
const eur = { code: 'EURUSD', base: 1.08, volatility: 0.08 };
const t0 = Date.parse('2026-11-21T00:00:00Z') / 1000;

describe('deterministic exp', () => {
  it.each([0, 1e-9, 0.3, -0.3, 1, -1, 2.5, -7, 20])('exp(%d) matches Math.exp closely', (x) => {
    expect(Math.abs(detExp(x) / Math.exp(x) - 1)).toBeLessThan(1e-14);
  });
});

describe('simulated prices', () => {
  it('are a pure function of seed, instrument and time', () => {
    expect(simulatedPrice('seed-a', btc, t0)).toBe(simulatedPrice('seed-a', btc, t0));
    expect(simulatedPrice('seed-a', btc, t0)).not.toBe(simulatedPrice('seed-b', btc, t0));
    expect(simulatedPrice('seed-a', btc, t0)).not.toBe(simulatedPrice('seed-a', btc, t0 + 1));
    expect(hash32('BTCUSDT')).toBe(hash32('BTCUSDT'));
  });

  it('are continuous: one second moves the price by a fraction of a percent', () => {
    for (let i = 0; i < 2000; i++) {
      const a = simulatedPrice('s', btc, t0 + i);
      const b = simulatedPrice('s', btc, t0 + i + 1);
      expect(Math.abs(b / a - 1)).toBeLessThan(0.003);
    }
  });

  it('have volatility that fits the asset class over a day', () => {
    const dailyMoves = (instrument: typeof btc) => {
      const moves: number[] = [];
      for (let d = 0; d < 300; d++) {
        const a = simulatedPrice('s', instrument, t0 + d * 86_400);
        const b = simulatedPrice('s', instrument, t0 + (d + 1) * 86_400);
        moves.push(Math.log(b / a));
      }
      const mean = moves.reduce((x, y) => x + y, 0) / moves.length;
      return Math.sqrt(moves.reduce((x, y) => x + (y - mean) ** 2, 0) / moves.length);
    };
    const btcDaily = dailyMoves(btc);
    const eurDaily = dailyMoves(eur);
    // Annual 70% is about 3.7% a day; annual 8% about 0.4% a day. The noise sum is an approximation.
    expect(btcDaily).toBeGreaterThan(0.015);
    expect(btcDaily).toBeLessThan(0.08);
    expect(eurDaily).toBeGreaterThan(0.0015);
    expect(eurDaily).toBeLessThan(0.009);
  });

  it('are exactly the base level at the published reference time', () => {
    expect(simulatedPrice('any-seed', btc, REFERENCE_TIME)).toBe(btc.base);
    expect(simulatedPrice('other', eur, REFERENCE_TIME)).toBe(eur.base);
  });

  it('have a path centred on zero and within its bound', () => {
    let sum = 0;
    let extreme = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const value = path(hash32(`probe-${i % 50}`), t0 + i * 7_919);
      sum += value;
      extreme = Math.max(extreme, Math.abs(value));
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.15);
    expect(extreme).toBeLessThanOrEqual(PATH_BOUND);
  });

  it('stay within a plausible band of the base level over years', () => {
    for (let d = 0; d < 3 * 365; d += 7) {
      const p = simulatedPrice('s', btc, t0 + d * 86_400);
      expect(p).toBeGreaterThan(btc.base / 20);
      expect(p).toBeLessThan(btc.base * 20);
    }
    expect(Number.isFinite(path(1, 1e12))).toBe(true);
  });
});

describe('range evaluation', () => {
  it('gives exactly the per-second prices', () => {
    const seen: [number, number][] = [];
    forEachSecond('s', btc, t0 - 5, t0 + 300, (t, x) => seen.push([t, priceFromExponent(btc, x)]));
    expect(seen).toHaveLength(305);
    for (const [t, p] of seen) expect(p).toBe(simulatedPrice('s', btc, t));
  });
});
