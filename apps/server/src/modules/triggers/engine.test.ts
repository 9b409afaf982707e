import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/support/test-db';
import { createMemoryBus, type EventBus } from '../../platform/bus';
import type { Database } from '../../platform/db';
import { MarketHub, selectInstruments, type Instrument } from '../markets';
import { TriggerEngine, type Hits, type TriggerHandler } from './engine';
import type { FeedTick } from './feed';
import { TriggerBook, type Resting } from './trigger-book';

const SEED = 'swx-simulator-v1';
/** A whole second in November 2026; BTCUSDT trades every second. */
const START = 1_795_000_000;

let database: Database;
let rows: Awaited<ReturnType<typeof selectInstruments>>;

beforeAll(async () => {
  database = await testDatabase();
  rows = await selectInstruments(database.db);
});

/** A handler that keeps its waiting items in memory as a module keeps them in its tables. */
class RecordingHandler implements TriggerHandler {
  readonly kinds = ['test.above', 'test.expiry'] as const;
  waiting: Hits = { resting: [], expiring: [] };
  fired: { id: number; tick: FeedTick }[] = [];
  failuresLeft = 0;

  load(): Promise<Hits> {
    return Promise.resolve({
      resting: [...this.waiting.resting],
      expiring: [...this.waiting.expiring],
    });
  }

  fire(hits: Hits, tick: FeedTick): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      return Promise.reject(new Error('database away'));
    }
    for (const item of [...hits.resting, ...hits.expiring]) {
      // The conditional state change of a real module: an item settles once.
      if (this.fired.some((f) => f.id === item.id)) continue;
      this.fired.push({ id: item.id, tick });
    }
    this.waiting.resting = this.waiting.resting.filter((r) => !hits.resting.includes(r));
    this.waiting.expiring = this.waiting.expiring.filter((e) => !hits.expiring.includes(e));
    return Promise.resolve();
  }
}

function node(clock: { now: number }, watermark?: string, bus: EventBus = createMemoryBus()) {
  const markets = new MarketHub(
    SEED,
    () => undefined,
    () => clock.now,
  );
  markets.load(rows);
  const handler = new RecordingHandler();
  const errors: unknown[] = [];
  const engine = new TriggerEngine({
    db: database.db,
    bus,
    markets,
    log: (error) => errors.push(error),
    watermark,
    saveEveryMs: 0,
  });
  engine.register(handler);
  return { markets, handler, engine, errors };
}

function btc(markets: MarketHub): Instrument {
  const instrument = markets.byCodeOf('BTCUSDT');
  if (!instrument) throw new Error('BTCUSDT missing');
  return instrument;
}

/** The first second in (from, to] where the price reaches its highest, and that price. */
function firstHigh(
  markets: MarketHub,
  from: number,
  to: number,
): { second: number; price: string } {
  const spec = btc(markets).spec;
  let best = { second: from + 1, price: markets.source.priceAt(spec, from + 1) };
  for (let s = from + 2; s <= to; s++) {
    const price = markets.source.priceAt(spec, s);
    if (Number(price) > Number(best.price)) best = { second: s, price };
  }
  return best;
}

const above = (id: number, level: string, since: number): Resting => ({
  kind: 'test.above',
  id,
  code: 'BTCUSDT',
  when: 'above',
  level,
  since,
});

describe('trigger engine', () => {
  it('settles a level at the first tick that reaches it, at that tick, once', async () => {
    const clock = { now: START };
    const { markets, handler, engine } = node(clock);
    await engine.start({ follow: false });
    const high = firstHigh(markets, START, START + 900);
    engine.rest(above(1, high.price, START));
    clock.now = START + 1000;
    await engine.advanceTo(START + 1000);
    await engine.advanceTo(START + 1000);
    expect(handler.fired).toEqual([
      {
        id: 1,
        tick: {
          code: 'BTCUSDT',
          price: high.price,
          ts: new Date(high.second * 1000),
          second: high.second,
          source: 'simulator',
        },
      },
    ]);
    await engine.stop();
  });

  it('settles an expiry at the first tick at or after it', async () => {
    const clock = { now: START };
    const { markets, handler, engine } = node(clock);
    await engine.start({ follow: false });
    engine.expire({ kind: 'test.expiry', id: 7, code: 'BTCUSDT', due: START + 60 });
    await engine.advanceTo(START + 59);
    expect(handler.fired).toEqual([]);
    await engine.advanceTo(START + 300);
    expect(handler.fired.map((f) => [f.id, f.tick.second, f.tick.price])).toEqual([
      [7, START + 60, markets.source.priceAt(btc(markets).spec, START + 60)],
    ]);
    await engine.stop();
  });

  it('after a restart, settles what came due while it was down at that moment’s price, once', async () => {
    const watermark = `test-${randomUUID()}`;
    const clock = { now: START };
    const first = node(clock, watermark);
    await first.engine.start({ follow: false });
    // The highest price of (START + 20, START + 1200], first reached while no node runs.
    const high = firstHigh(first.markets, START + 20, START + 1200);
    const early = firstHigh(first.markets, START, START + 20);
    expect(Number(early.price)).toBeLessThan(Number(high.price));
    const level = above(3, high.price, START);
    first.handler.waiting.resting.push(level);
    first.engine.rest(level);
    clock.now = START + 20;
    await first.engine.advanceTo(START + 20);
    await first.engine.stop();
    expect(first.handler.fired).toEqual([]);

    clock.now = START + 1500;
    const second = node(clock, watermark);
    second.handler.waiting = first.handler.waiting;
    await second.engine.start({ follow: false });
    expect(second.handler.fired.map((f) => [f.id, f.tick.second, f.tick.price])).toEqual([
      [3, high.second, high.price],
    ]);
    expect(second.engine.checkedUpTo).toBe(START + 1499);
    await second.engine.stop();
  });

  it('replays a gap exactly as checking every second would, in time order', async () => {
    const clock = { now: START };
    const { markets, handler, engine } = node(clock);
    await engine.start({ follow: false });
    // Two days across instruments with and without trading hours (AAPL and EURUSD close).
    const codes = ['BTCUSDT', 'ETHUSDT', 'AAPL', 'EURUSD'];
    const span = 2 * 86_400;
    let state = 42;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const book = new TriggerBook();
    let id = 100;
    for (const code of codes) {
      const { spec } = markets.byCodeOf(code) ?? btc(markets);
      for (let n = 0; n < 40; n++) {
        // Levels at the price the feed ticks at some second, placed just before it: the first
        // tick to reach such a level often equals it.
        const at = START + 10 + Math.floor(random() * span);
        const item: Resting = {
          kind: 'test.above',
          id: id++,
          code,
          when: random() < 0.5 ? 'above' : 'below',
          level: markets.source.priceAt(spec, at),
          since: at - 1 - Math.floor(random() * 3),
        };
        handler.waiting.resting.push(item);
        engine.rest(item);
        book.rest(item);
      }
      for (let n = 0; n < 10; n++) {
        const item = {
          kind: 'test.expiry',
          id: id++,
          code,
          due: START + Math.floor(random() * span),
        };
        handler.waiting.expiring.push(item);
        engine.expire(item);
        book.expire(item);
      }
    }
    // What checking every second of the gap takes, in order.
    const expected: [number, number, string][] = [];
    for (let second = START + 1; second <= START + span; second++) {
      for (const code of book.codes()) {
        const instrument = markets.byCodeOf(code);
        if (!instrument || !markets.source.isOpen(instrument.spec, second)) continue;
        const price = markets.source.priceAt(instrument.spec, second);
        const hits = book.take(code, Number(price), second);
        for (const item of [...(hits?.resting ?? []), ...(hits?.expiring ?? [])])
          expected.push([item.id, second, price]);
      }
    }
    clock.now = START + span + 1;
    await engine.advanceTo(START + span);
    const fired = handler.fired.map((f): [number, number, string] => [
      f.id,
      f.tick.second,
      f.tick.price,
    ]);
    expect(expected.length).toBeGreaterThan(150);
    // The engine hands one tick's hits over kind by kind: compare each second's ids as a set.
    const bySecond = (list: [number, number, string][]) =>
      [...list].sort((x, y) => x[1] - y[1] || x[0] - y[0]);
    expect(bySecond(fired)).toEqual(bySecond(expected));
    expect(fired.map((f) => f[1])).toEqual([...fired.map((f) => f[1])].sort((x, y) => x - y));
    await engine.stop();
  });

  it('keeps items whose settlement failed for the next tick', async () => {
    const clock = { now: START };
    const { markets, handler, engine, errors } = node(clock);
    await engine.start({ follow: false });
    engine.expire({ kind: 'test.expiry', id: 9, code: 'BTCUSDT', due: START + 5 });
    handler.failuresLeft = 2;
    await engine.advanceTo(START + 10);
    expect(errors).toHaveLength(2);
    expect(handler.fired.map((f) => [f.id, f.tick.second])).toEqual([[9, START + 7]]);
    expect(markets.now()).toBe(START);
    await engine.stop();
  });

  it('shares levels between nodes on the bus, so either node can settle them', async () => {
    const bus = createMemoryBus();
    const clock = { now: START };
    const a = node(clock, undefined, bus);
    const b = node(clock, undefined, bus);
    await a.engine.start({ follow: false });
    await b.engine.start({ follow: false });
    a.engine.expire({ kind: 'test.expiry', id: 11, code: 'BTCUSDT', due: START + 3 });
    expect(b.engine.book.has('test.expiry', 11)).toBe(true);
    a.engine.cancel('test.expiry', 11);
    expect(b.engine.book.has('test.expiry', 11)).toBe(false);
    await a.engine.stop();
    await b.engine.stop();
  });
});
