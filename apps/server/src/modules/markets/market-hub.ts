import type { TickMessage } from '@swx/contract';
import { dec } from '@swx/money';
import type { CalendarId } from './instruments.catalogue';
import type { LiveTick } from './live-feed';
import type { LiveSource } from './live.source';
import type { InstrumentRow } from './markets.repo';
import { SimulatorSource, type SimulatedSpec } from './simulator.source';

export interface Instrument {
  row: InstrumentRow;
  spec: SimulatedSpec;
}

export function toInstrument(row: InstrumentRow): Instrument {
  return {
    row,
    spec: {
      code: row.code,
      // The simulator's own parameters are plain numbers: they shape the generated path, they are
      // not amounts. Prices leave the simulator as decimal strings.
      base: Number(row.simBase),
      volatility: Number(row.simVolatility),
      precision: row.precision,
      calendar: row.calendar as CalendarId,
    },
  };
}

/**
 * One node's view of the market: the instruments and the feed. With the simulator, every node
 * computes the same ticks from the same pure function, so ticks go to this node's sockets only
 * (`emit`) and never cross the bus.
 */
export class MarketHub {
  private byCode = new Map<string, Instrument>();
  private byId = new Map<number, Instrument>();
  private timer: NodeJS.Timeout | null = null;
  readonly source: SimulatorSource;

  constructor(
    seed: string,
    private readonly emit: (tick: TickMessage) => void,
    private readonly clock: () => number = () => Date.now() / 1000,
    /** With a live feed: its prices, and which instruments it carries (crypto). */
    readonly live?: { source: LiveSource; types: ReadonlySet<number> },
  ) {
    this.source = new SimulatorSource(seed);
  }

  isLive(instrument: Instrument): boolean {
    return this.live?.types.has(instrument.row.type) ?? false;
  }

  liveCodes(): string[] {
    return this.all()
      .filter((i) => i.row.enabled && this.isLive(i))
      .map((i) => i.row.code);
  }

  /** A tick from the live feed goes to this node's sockets with its change against 24 h ago. */
  onLiveTick(tick: LiveTick): void {
    const instrument = this.byCode.get(tick.code);
    if (!this.live || !instrument?.row.enabled) return;
    const zdf = this.live.source.onTick(tick);
    this.emit({
      type: 'tick',
      code: tick.code,
      price: dec(tick.price).toFixed(instrument.row.precision),
      zdf,
      ts: new Date(tick.ts).toISOString(),
    });
  }

  /** Changes whenever the instruments are reloaded, so cached lists do not outlive an edit. */
  version = 0;

  load(rows: readonly InstrumentRow[]): void {
    this.version++;
    const list = rows.map(toInstrument);
    this.byCode = new Map(list.map((i) => [i.row.code, i]));
    this.byId = new Map(list.map((i) => [i.row.id, i]));
  }

  all(): Instrument[] {
    return [...this.byCode.values()];
  }

  byCodeOf(code: string): Instrument | undefined {
    return this.byCode.get(code);
  }

  byIdOf(id: number): Instrument | undefined {
    return this.byId.get(id);
  }

  now(): number {
    return this.clock();
  }

  /** The feed price of an instrument now; undefined without one (unknown, or live and silent). */
  price(code: string): string | undefined {
    const instrument = this.byCode.get(code);
    if (!instrument) return undefined;
    if (this.isLive(instrument)) return this.live?.source.price(code);
    return this.source.priceAt(instrument.spec, this.now());
  }

  /** The tick every open, enabled instrument carries at whole second `t`. */
  ticksAt(t: number): TickMessage[] {
    const ts = new Date(t * 1000).toISOString();
    return this.all()
      .filter((i) => i.row.enabled && !this.isLive(i) && this.source.isOpen(i.spec, t))
      .map((i) => ({
        type: 'tick',
        code: i.row.code,
        price: this.source.priceAt(i.spec, t),
        zdf: this.source.zdf(i.spec, t),
        ts,
      }));
  }

  /** Ticks once a second, on the second (never before it: timers may fire a little early). */
  start(): void {
    const schedule = (second: number) => {
      this.timer = setTimeout(
        () => {
          const now = this.clock();
          if (now < second) return schedule(second);
          for (const tick of this.ticksAt(second)) this.emit(tick);
          schedule(Math.max(second + 1, Math.floor(now) + 1));
        },
        Math.max(0, (second - this.clock()) * 1000),
      );
      this.timer.unref();
    };
    schedule(Math.floor(this.clock()) + 1);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
