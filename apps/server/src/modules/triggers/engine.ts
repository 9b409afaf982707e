import { randomUUID } from 'node:crypto';
import type { TickMessage } from '@swx/contract';
import type { EventBus } from '../../platform/bus';
import type { Db, Executor } from '../../platform/db';
import { TICKS_CHANNEL } from '../../platform/socket-hub';
import type { MarketHub } from '../markets';
import { feedTickOf, simulatedTick, type FeedTick } from './feed';
import { readWatermark, saveWatermark } from './triggers.repo';
import { TriggerBook, type Expiring, type Resting } from './trigger-book';

/** Seconds of a replay whose prices are evaluated at once, per instrument with anything waiting. */
const REPLAY_SLICE = 3_600;

export const TRIGGERS_CHANGED_CHANNEL = 'triggers.changed';

export interface Hits {
  resting: Resting[];
  expiring: Expiring[];
}

/** What a trading module gives the engine for the kinds it owns. */
export interface TriggerHandler {
  kinds: readonly string[];
  /** Everything of its kinds still waiting, read at boot. */
  load(db: Executor): Promise<Hits>;
  /**
   * Settles what a tick reached, at that tick's price. Each item is decided by a conditional state
   * change in the database, so an item another node settled first changes nothing. Throws only for
   * failures worth retrying on the next tick (the items go back into the book).
   */
  fire(hits: Hits, tick: FeedTick): Promise<void>;
}

type Change =
  | { op: 'rest'; item: Resting }
  | { op: 'expire'; item: Expiring }
  | { op: 'cancel'; kind: string; id: number };

export interface TriggerEngineDeps {
  db: Db;
  bus: EventBus;
  markets: MarketHub;
  log: (error: unknown, message: string) => void;
  /** The key of the stored watermark shared by the nodes; undefined keeps none (no replay). */
  watermark: string | undefined;
  /** How often the watermark is saved; 0 saves only on stop (tests). */
  saveEveryMs?: number;
}

/**
 * Checks every feed tick against the resting levels and expiries of its instrument and hands what
 * it reaches to the owning module, one tick at a time in feed order. Every node runs one and holds
 * the same book (changes travel on the bus); the database decides which node settles an item.
 * Seconds of the simulated feed that were not checked (boot after downtime, a stalled event loop)
 * are replayed in time order before the next tick, so each item settles at the price of the
 * moment it came due. A live feed is checked from its next tick (its past is not replayable
 * second by second).
 */
export class TriggerEngine {
  readonly book = new TriggerBook();
  private readonly handlers = new Map<string, TriggerHandler>();
  private readonly origin = randomUUID();
  private queue: Promise<void> = Promise.resolve();
  /** The last whole second of the simulated feed checked for every instrument. */
  private checked = 0;
  private started = false;
  private unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: TriggerEngineDeps) {}

  register(handler: TriggerHandler): void {
    for (const kind of handler.kinds) this.handlers.set(kind, handler);
  }

  /** Waits on a level; call after the transaction that placed it committed. */
  rest(item: Resting): void {
    this.book.rest(item);
    this.share({ op: 'rest', item });
  }

  /** Waits on an expiry; call after the transaction that placed it committed. */
  expire(item: Expiring): void {
    this.book.expire(item);
    this.share({ op: 'expire', item });
  }

  /** Stops waiting (the order was cancelled or closed); harmless when not waiting. */
  cancel(kind: string, id: number): void {
    this.book.remove(kind, id);
    this.share({ op: 'cancel', kind, id });
  }

  private share(change: Change): void {
    this.deps.bus
      .publish(TRIGGERS_CHANGED_CHANNEL, { origin: this.origin, change })
      .catch((error: unknown) => this.deps.log(error, 'sharing a trigger change failed'));
  }

  private apply(message: unknown): void {
    const { origin, change } = message as { origin: string; change: Change };
    if (origin === this.origin) return;
    if (change.op === 'rest') this.book.rest(change.item);
    else if (change.op === 'expire') this.book.expire(change.item);
    else this.book.remove(change.kind, change.id);
  }

  /** The last second of the simulated feed that was checked. */
  get checkedUpTo(): number {
    return this.checked;
  }

  /**
   * Loads what is waiting, replays the simulated seconds since the last node checked them, then
   * follows the feed. Resolves when the replay is done.
   */
  async start(options: { follow: boolean }): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unsubscribe.push(this.deps.bus.subscribe(TRIGGERS_CHANGED_CHANNEL, (m) => this.apply(m)));
    await this.reload();
    const now = Math.floor(this.deps.markets.now());
    const { watermark } = this.deps;
    const saved =
      watermark === undefined ? undefined : await readWatermark(this.deps.db, watermark);
    // A watermark ahead of this node's clock (clock skew) must not silence the feed.
    this.checked = Math.min(saved ?? now - 1, now - 1);
    await this.advanceTo(now - 1);
    if (options.follow) {
      this.unsubscribe.push(
        this.deps.bus.subscribe(TICKS_CHANNEL, (m) => this.enqueueTick(m as TickMessage)),
      );
    }
    const every = this.deps.saveEveryMs ?? 5_000;
    if (every > 0 && watermark !== undefined) {
      this.timer = setInterval(() => void this.saveWatermark(), every);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue;
    if (this.started) await this.saveWatermark();
    this.started = false;
  }

  private async saveWatermark(): Promise<void> {
    const { watermark } = this.deps;
    if (watermark === undefined) return;
    await saveWatermark(this.deps.db, watermark, this.checked).catch((error: unknown) =>
      this.deps.log(error, 'saving the trigger watermark failed'),
    );
  }

  /** Replaces the book with what the database says is waiting. */
  async reload(): Promise<void> {
    const loaded = await Promise.all(
      [...new Set(this.handlers.values())].map((h) => h.load(this.deps.db)),
    );
    this.book.clear();
    for (const { resting, expiring } of loaded) {
      for (const item of resting) this.book.rest(item);
      for (const item of expiring) this.book.expire(item);
    }
  }

  /** Runs `work` after everything queued before it. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work, work);
    this.queue = next.catch((error: unknown) => this.deps.log(error, 'trigger check failed'));
    return this.queue;
  }

  private enqueueTick(message: TickMessage): void {
    const tick = feedTickOf(this.deps.markets, message);
    if (!tick) return;
    void this.enqueue(async () => {
      if (tick.source === 'simulator') {
        if (tick.second - 1 > this.checked) await this.replay(this.checked + 1, tick.second - 1);
        if (tick.second <= this.checked) return;
      }
      await this.check(tick);
    });
  }

  /**
   * Checks every simulated second up to `second` that was not checked yet (the feed's own ticks,
   * recomputed). Tests move a fake clock with it; boot uses it to catch up.
   */
  advanceTo(second: number): Promise<void> {
    return this.enqueue(async () => {
      if (second > this.checked) await this.replay(this.checked + 1, second);
    });
  }

  /**
   * Checks the simulated seconds [from, to] in time order, as the feed would have ticked them. The
   * prices of each instrument with anything waiting are evaluated along the path a slice at a
   * time, unrounded; only a second whose price comes within one unit of the precision of the
   * nearest level (the tick is rounded, so within half a unit), or that reaches the earliest
   * expiry, becomes a tick and is checked exactly. A 15-day gap replays in a second or two, not
   * 20 s (engine.test.ts compares it with checking every second).
   */
  private async replay(from: number, to: number): Promise<void> {
    const { markets } = this.deps;
    for (let start = from; start <= to; start += REPLAY_SLICE) {
      const end = Math.min(to + 1, start + REPLAY_SLICE);
      const paths = new Map<string, { from: number; prices: Float64Array; unit: number }>();
      let codes = this.book.codes();
      if (codes.length === 0) {
        this.checked = to;
        return;
      }
      let additions = this.book.additions;
      for (let second = start; second < end; second++) {
        // A settlement can add levels (a filled limit order's stop loss): look again.
        if (this.book.additions !== additions) {
          codes = this.book.codes();
          additions = this.book.additions;
        }
        for (const code of codes) {
          const instrument = markets.byCodeOf(code);
          if (!instrument?.row.enabled || markets.isLive(instrument)) continue;
          let path = paths.get(code);
          if (!path) {
            const { spec } = instrument;
            path = {
              from: second,
              prices: markets.source.rawPrices(spec, second, end),
              unit: 10 ** -spec.precision,
            };
            paths.set(code, path);
          }
          const price = path.prices[second - path.from] ?? Number.NaN;
          if (Number.isNaN(price)) continue; // the market is closed: no tick
          const reach = this.book.reach(code);
          if (
            second < reach.due &&
            price < reach.above - path.unit &&
            price > reach.below + path.unit
          )
            continue;
          await this.check(simulatedTick(markets, instrument, second));
        }
        this.checked = second;
      }
    }
  }

  /** Takes what one tick reaches and hands it to the owners, kind by kind. */
  async check(tick: FeedTick): Promise<void> {
    const hits = this.book.take(tick.code, Number(tick.price), tick.second);
    if (!hits) return;
    const byHandler = new Map<TriggerHandler, Hits>();
    const group = (kind: string) => {
      const handler = this.handlers.get(kind);
      if (!handler) return undefined;
      let g = byHandler.get(handler);
      if (!g) byHandler.set(handler, (g = { resting: [], expiring: [] }));
      return g;
    };
    for (const item of hits.resting) group(item.kind)?.resting.push(item);
    for (const item of hits.expiring) group(item.kind)?.expiring.push(item);
    for (const [handler, group] of byHandler) {
      try {
        await handler.fire(group, tick);
      } catch (error) {
        this.deps.log(error, 'settling triggered orders failed; they wait for the next tick');
        for (const item of group.resting) this.book.rest(item);
        for (const item of group.expiring) this.book.expire(item);
      }
    }
  }
}
