/**
 * The simulated market: price(code, t) is a pure function of a published seed, the instrument and
 * time, so history, candles and live ticks agree and anyone can recompute any price.
 *
 * log price(t) = log(base) + volatility * (B(t) - B(REFERENCE)), where B is a sum of octaves of smooth value noise
 * with time scales of 4^k seconds (k = 0..OCTAVES-1), each weighted by sqrt(scale / year): a bounded
 * stand-in for Brownian motion with roughly the right variance at every horizon. Only +, -, *, /
 * and sqrt are used (correctly rounded in IEEE 754), never Math.exp or Math.cos, so every JavaScript
 * engine computes the same bits.
 */

export const OCTAVES = 13;
/** At this instant (2026-11-01 00:00 UTC) every instrument is at its base level. */
export const REFERENCE_TIME = 1_793_491_200;
/** The largest |B(t)| can be: every octave's noise at its bound. */
export const PATH_BOUND = Array.from(
  { length: 13 },
  (_, k) => Math.sqrt(4 ** k / 31_557_600) * Math.sqrt(3),
).reduce((a, b) => a + b, 0);
const YEAR_SECONDS = 31_557_600;
const SCALES = Array.from({ length: OCTAVES }, (_, k) => 4 ** k);
const WEIGHTS = SCALES.map((s) => Math.sqrt(s / YEAR_SECONDS) * Math.sqrt(3));

/** 32-bit FNV-1a of a string: stable ids for the seed and each instrument. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A well-mixed 32-bit integer from three inputs (murmur3 finaliser), as a value in [-1, 1). */
function lattice(seed: number, octave: number, index: number): number {
  let h = (seed ^ Math.imul(octave + 1, 0x9e3779b1)) >>> 0;
  h = (h ^ (index >>> 0)) >>> 0;
  h = Math.imul(h ^ Math.floor(index / 4294967296), 0x85ebca6b) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  // `^` yields a signed 32-bit integer: back to unsigned, or half the values would fall below -1.
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 2147483648 - 1;
}

/** Smooth value noise with unit spacing: smoothstep interpolation between lattice values. */
function valueNoise(seed: number, octave: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const u = f * f * (3 - 2 * f);
  const a = lattice(seed, octave, i);
  const b = lattice(seed, octave, i + 1);
  return a + (b - a) * u;
}

/** The bounded pseudo-Brownian path B(t) for one instrument, t in whole or fractional seconds. */
export function path(seed: number, t: number): number {
  let sum = 0;
  for (let k = 0; k < OCTAVES; k++)
    sum += (WEIGHTS[k] ?? 0) * valueNoise(seed, k, t / (SCALES[k] ?? 1));
  return sum;
}

/**
 * exp(x) from basic operations only: reduce by powers of two, Taylor series to 14 terms, square
 * back. Relative error below 1e-15 for |x| < 50, identical on every engine.
 */
export function detExp(x: number): number {
  let k = 0;
  let r = x;
  while (r > 0.5 || r < -0.5) {
    r /= 2;
    k++;
  }
  let term = 1;
  let sum = 1;
  for (let n = 1; n <= 14; n++) {
    term = (term * r) / n;
    sum += term;
  }
  for (let i = 0; i < k; i++) sum *= sum;
  return sum;
}

export interface SimulatedInstrument {
  code: string;
  /** Price at the reference time, in quote units. */
  base: number;
  /** Annualised volatility (0.6 = 60%). */
  volatility: number;
}

const anchors = new Map<number, number>();

/** B at the reference time, so that the price there is exactly the base level. */
function anchor(id: number): number {
  let value = anchors.get(id);
  if (value === undefined) {
    value = path(id, REFERENCE_TIME);
    anchors.set(id, value);
  }
  return value;
}

export function priceFromExponent(instrument: SimulatedInstrument, x: number): number {
  return instrument.base * detExp(x);
}

/** The unrounded simulated price of an instrument at second `t` (Unix seconds), for a seed. */
export function simulatedPrice(seed: string, instrument: SimulatedInstrument, t: number): number {
  const id = hash32(`${seed}/${instrument.code}`);
  return priceFromExponent(instrument, instrument.volatility * (path(id, t) - anchor(id)));
}

/**
 * Evaluates the path over consecutive seconds [from, to) faster than calling `path` per second:
 * each octave's two lattice values change only every 4^k seconds, so they are hashed once per
 * lattice cell. Calls `visit(t, x)` for each second with the exponent x, where the price is
 * `priceFromExponent(instrument, x)`: exp is monotonic, so highs and lows can be found on x and
 * exponentiated once. Same values as `simulatedPrice`.
 */
export function forEachSecond(
  seed: string,
  instrument: SimulatedInstrument,
  from: number,
  to: number,
  visit: (t: number, x: number) => void,
): void {
  const id = hash32(`${seed}/${instrument.code}`);
  const offset = anchor(id);
  const cell = new Array<number>(OCTAVES).fill(Number.NaN);
  const a = new Array<number>(OCTAVES).fill(0);
  const b = new Array<number>(OCTAVES).fill(0);
  for (let t = from; t < to; t++) {
    let sum = 0;
    for (let k = 0; k < OCTAVES; k++) {
      const x = t / (SCALES[k] ?? 1);
      const i = Math.floor(x);
      if (i !== cell[k]) {
        cell[k] = i;
        a[k] = lattice(id, k, i);
        b[k] = lattice(id, k, i + 1);
      }
      const f = x - i;
      const u = f * f * (3 - 2 * f);
      const ak = a[k] ?? 0;
      sum += (WEIGHTS[k] ?? 0) * (ak + ((b[k] ?? 0) - ak) * u);
    }
    visit(t, instrument.volatility * (sum - offset));
  }
}
