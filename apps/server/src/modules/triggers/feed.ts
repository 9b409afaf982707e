import type { TickMessage } from '@swx/contract';
import { dec, Rounding } from '@swx/money';
import { AppError } from '../../platform/errors';
import type { Instrument, MarketHub } from '../markets';

/** A tick as trading sees it: the price that decides, when, and from which feed. */
export interface FeedTick {
  code: string;
  price: string;
  /** The tick's own time (ms precision). */
  ts: Date;
  /** Its whole Unix second. */
  second: number;
  source: 'simulator' | 'live';
}

export function feedTickOf(markets: MarketHub, tick: TickMessage): FeedTick | undefined {
  const instrument = markets.byCodeOf(tick.code);
  if (!instrument) return undefined;
  const ts = new Date(tick.ts);
  return {
    code: tick.code,
    price: tick.price,
    ts,
    second: Math.floor(ts.getTime() / 1000),
    source: markets.isLive(instrument) ? 'live' : 'simulator',
  };
}

/** The simulator's tick of an instrument at a whole second (only meaningful while it is open). */
export function simulatedTick(
  markets: MarketHub,
  instrument: Instrument,
  second: number,
): FeedTick {
  return {
    code: instrument.row.code,
    price: markets.source.priceAt(instrument.spec, second),
    ts: new Date(second * 1000),
    second,
    source: 'simulator',
  };
}

/**
 * The tick a trade made now is decided by: the simulator's tick of the current second, or the
 * live feed's latest. Refuses a disabled or unknown instrument (10135), a closed market (10015)
 * and a stale live feed (10015: no price to trade at).
 */
export function tradingTick(
  markets: MarketHub,
  code: string,
): { instrument: Instrument; tick: FeedTick } {
  const instrument = markets.byCodeOf(code);
  if (!instrument?.row.enabled) throw new AppError(10135);
  const now = markets.now();
  const second = Math.floor(now);
  if (markets.isLive(instrument)) {
    const live = markets.live?.source;
    const price = live?.price(code);
    const at = live?.lastTickAt(code);
    if (!live || price === undefined || at === undefined || live.isStale(code))
      throw new AppError(10015);
    return {
      instrument,
      tick: { code, price, ts: new Date(at), second: Math.floor(at / 1000), source: 'live' },
    };
  }
  if (!markets.source.isOpen(instrument.spec, second)) throw new AppError(10015);
  return { instrument, tick: simulatedTick(markets, instrument, second) };
}

/**
 * The price a market order executes at: the feed price plus half the spread when buying, minus
 * it when selling, in the instrument's precision (rounded away from the feed price, so the spread
 * is never less than the instrument's).
 */
export function executionPrice(
  instrument: Instrument,
  tickPrice: string,
  side: 'buy' | 'sell',
): string {
  const half = dec(instrument.row.spread).div(2);
  const factor = side === 'buy' ? dec('1').plus(half) : dec('1').minus(half);
  return dec(tickPrice)
    .times(factor)
    .toDecimalPlaces(instrument.row.precision, side === 'buy' ? Rounding.up : Rounding.down)
    .toFixed(instrument.row.precision);
}
