// Trigger-engine figures for `npm run bench`: checks per second against a book of a million
// resting levels (the cost of a tick that crosses nothing must not depend on the book's size),
// and the time to take out a crossed range.
import { performance } from 'node:perf_hooks';
import { TriggerBook } from '../apps/server/src/modules/triggers/trigger-book';

export interface TriggerFigure {
  resting: number;
  instruments: number;
  insertSeconds: number;
  checks: number;
  checksPerSecond: number;
  /** One tick that crosses `crossed` levels: how long taking them out takes. */
  crossed: number;
  crossMs: number;
  heapMb: number;
}

const RESTING = 1_000_000;
const INSTRUMENTS = 100;
const CHECKS = 5_000_000;
const CROSSED = 1_000;

/** A deterministic pseudo-random sequence (the figures must not depend on Math.random). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

export function benchTriggers(): TriggerFigure {
  const random = lcg(42);
  const book = new TriggerBook();
  const codes = Array.from({ length: INSTRUMENTS }, (_, i) => `BENCH${i}`);
  const code = codes[0] ?? 'BENCH0';
  /** The `above` levels of the first instrument, to aim one crossing tick at. */
  const firstAbove: number[] = [];
  const heapBefore = process.memoryUsage().heapUsed;
  const insertStart = performance.now();
  // Levels 1 % to 30 % away from a price of 100 on both sides, as limits, stops and liquidations.
  for (let id = 0; id < RESTING; id++) {
    const above = id % 2 === 0;
    const distance = 0.01 + random() * 0.29;
    const level = (above ? 100 * (1 + distance) : 100 * (1 - distance)).toFixed(4);
    const on = codes[id % INSTRUMENTS] ?? 'BENCH0';
    book.rest({
      kind: 'bench.level',
      id,
      code: on,
      when: above ? 'above' : 'below',
      level,
      since: 0,
    });
    if (above && on === code) firstAbove.push(Number(level));
  }
  const insertSeconds = (performance.now() - insertStart) / 1000;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  // Ticks within 1 % of 100 cross nothing: the common case.
  const prices = Array.from({ length: 4096 }, () => 99.01 + random() * 1.98);
  const start = performance.now();
  let hits = 0;
  for (let i = 0; i < CHECKS; i++) {
    const taken = book.take(codes[i % INSTRUMENTS] ?? 'BENCH0', prices[i & 4095] ?? 100, 1);
    if (taken) hits++;
  }
  const seconds = (performance.now() - start) / 1000;
  if (hits > 0) throw new Error(`${hits} checks crossed levels that were out of reach`);

  // One tick that crosses the nearest CROSSED levels above on one instrument.
  firstAbove.sort((a, b) => a - b);
  // Just below the next level, so exactly CROSSED levels are reached (levels may repeat).
  const reach = firstAbove[CROSSED - 1] ?? 0;
  const crossStart = performance.now();
  const crossed = book.take(code, reach, 2)?.resting.length ?? 0;
  const crossMs = performance.now() - crossStart;
  if (crossed !== CROSSED) throw new Error(`expected ${CROSSED} crossed levels, took ${crossed}`);
  return {
    resting: RESTING,
    instruments: INSTRUMENTS,
    insertSeconds,
    checks: CHECKS,
    checksPerSecond: CHECKS / seconds,
    crossed,
    crossMs,
    heapMb,
  };
}
