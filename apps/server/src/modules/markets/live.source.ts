import type { Candle, Timeframe } from '@swx/contract';
import { dec, Rounding } from '@swx/money';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { bucketStart } from './candles.rules';
import type { LiveTick } from './live-feed';
import { marketCandles } from './markets.tables';

interface Minute {
  start: number;
  o: string;
  h: string;
  l: string;
  c: string;
  ticks: number;
}

interface State {
  price: string;
  open24h: string;
  ts: number;
  minute: Minute;
}

const BUCKET_SQL: Record<Timeframe, string> = {
  '1min': "date_bin('1 minute', start, timestamptz '2000-01-01 00:00:00+00')",
  '5min': "date_bin('5 minutes', start, timestamptz '2000-01-01 00:00:00+00')",
  '15min': "date_bin('15 minutes', start, timestamptz '2000-01-01 00:00:00+00')",
  '30min': "date_bin('30 minutes', start, timestamptz '2000-01-01 00:00:00+00')",
  '1hour': "date_bin('1 hour', start, timestamptz '2000-01-01 00:00:00+00')",
  '4hour': "date_bin('4 hours', start, timestamptz '2000-01-01 00:00:00+00')",
  '1day': "date_trunc('day', start, 'UTC')",
  '1week': "date_trunc('week', start, 'UTC')",
  '1month': "date_trunc('month', start, 'UTC')",
};

const max = (a: string, b: string) => (dec(b).greaterThan(a) ? b : a);
const min = (a: string, b: string) => (dec(b).lessThan(a) ? b : a);

/**
 * Prices of instruments fed by a live exchange feed: the latest tick in memory, one-minute candles
 * in the database (written as each minute ends; nodes that see the same stream merge into the same
 * row), and longer candles aggregated from them.
 */
export class LiveSource {
  private readonly state = new Map<string, State>();
  private readonly stale = new Set<string>();
  private readonly hundreds = new Map<string, { minute: number; prices: string[] }>();

  constructor(
    private readonly db: Executor,
    private readonly onError: (error: unknown) => void,
  ) {}

  markStale(code: string, stale: boolean): void {
    if (stale) this.stale.add(code);
    else this.stale.delete(code);
  }

  isStale(code: string): boolean {
    return this.stale.has(code) || !this.state.has(code);
  }

  /** Records a tick; returns the tick's zdf (percent change against the exchange's 24 h open). */
  onTick(tick: LiveTick): string {
    const start = Math.floor(tick.ts / 60_000) * 60;
    const current = this.state.get(tick.code);
    let minute = current?.minute;
    if (minute && minute.start !== start) {
      void this.save(tick.code, minute);
      minute = undefined;
    }
    minute = minute
      ? {
          ...minute,
          h: max(minute.h, tick.price),
          l: min(minute.l, tick.price),
          c: tick.price,
          ticks: minute.ticks + 1,
        }
      : { start, o: tick.price, h: tick.price, l: tick.price, c: tick.price, ticks: 1 };
    this.state.set(tick.code, { price: tick.price, open24h: tick.open24h, ts: tick.ts, minute });
    return this.zdf(tick.code);
  }

  private async save(code: string, m: Minute): Promise<void> {
    try {
      await this.db
        .insert(marketCandles)
        .values({
          code,
          start: new Date(m.start * 1000),
          open: m.o,
          high: m.h,
          low: m.l,
          close: m.c,
          ticks: m.ticks,
        })
        .onConflictDoUpdate({
          target: [marketCandles.code, marketCandles.start],
          set: {
            high: sql`greatest(${marketCandles.high}, excluded.high)`,
            low: sql`least(${marketCandles.low}, excluded.low)`,
            close: sql`excluded.close`,
            ticks: sql`${marketCandles.ticks} + excluded.ticks`,
          },
        });
    } catch (error) {
      this.onError(error);
    }
  }

  /** Writes every minute in progress (at shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.state].map(([code, s]) => this.save(code, s.minute)));
  }

  price(code: string): string | undefined {
    return this.state.get(code)?.price;
  }

  zdf(code: string): string {
    const s = this.state.get(code);
    if (!s || dec(s.open24h).isZero()) return '0.00';
    return dec(s.price)
      .minus(s.open24h)
      .div(s.open24h)
      .times(100)
      .toDecimalPlaces(2, Rounding.halfEven)
      .toFixed(2);
  }

  open24h(code: string): string | undefined {
    return this.state.get(code)?.open24h;
  }

  lastTickAt(code: string): number | undefined {
    return this.state.get(code)?.ts;
  }

  /** Closes of the last 100 stored minutes, oldest first (cached for the minute). */
  async hundred(code: string, now: number): Promise<string[]> {
    const minute = Math.floor(now / 60);
    const cached = this.hundreds.get(code);
    if (cached?.minute === minute) return cached.prices;
    const rows = await this.db
      .select({ close: marketCandles.close })
      .from(marketCandles)
      .where(eq(marketCandles.code, code))
      .orderBy(desc(marketCandles.start))
      .limit(100);
    const prices = rows.map((r) => dec(r.close).toFixed()).reverse();
    this.hundreds.set(code, { minute, prices });
    return prices;
  }

  /** The latest stored close, for an instrument that has not ticked since this node started. */
  async lastClose(code: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ close: marketCandles.close })
      .from(marketCandles)
      .where(eq(marketCandles.code, code))
      .orderBy(desc(marketCandles.start))
      .limit(1);
    return row ? dec(row.close).toFixed() : undefined;
  }

  async candles(
    code: string,
    timeframe: Timeframe,
    from: number,
    to: number,
    precision: number,
  ): Promise<Candle[]> {
    const bucket = sql.raw(BUCKET_SQL[timeframe]);
    const rows = await this.db
      .select({
        t: sql<string>`${bucket}`.as('t'),
        o: sql<string>`(array_agg(${marketCandles.open} order by ${marketCandles.start}))[1]`,
        h: sql<string>`max(${marketCandles.high})`,
        l: sql<string>`min(${marketCandles.low})`,
        c: sql<string>`(array_agg(${marketCandles.close} order by ${marketCandles.start} desc))[1]`,
      })
      .from(marketCandles)
      .where(
        and(
          eq(marketCandles.code, code),
          gte(marketCandles.start, new Date(from * 1000)),
          lt(marketCandles.start, new Date((to + 1) * 1000)),
        ),
      )
      .groupBy(sql`1`)
      .orderBy(asc(sql`1`))
      .limit(500);
    const fixed = (v: string) => dec(v).toFixed(precision);
    const out: Candle[] = rows.map((r) => ({
      t: new Date(r.t).toISOString(),
      o: fixed(r.o),
      h: fixed(r.h),
      l: fixed(r.l),
      c: fixed(r.c),
    }));
    // The minute in progress is not stored yet: merge it into the newest candle (or add its own).
    const live = this.state.get(code)?.minute;
    if (live && live.start >= from && live.start <= to) {
      const last = out[out.length - 1];
      const liveBucketStart = bucketStart(timeframe, live.start) * 1000;
      if (last && Date.parse(last.t) === liveBucketStart) {
        last.h = fixed(max(last.h, live.h));
        last.l = fixed(min(last.l, live.l));
        last.c = fixed(live.c);
      } else {
        out.push({
          t: new Date(liveBucketStart).toISOString(),
          o: fixed(live.o),
          h: fixed(live.h),
          l: fixed(live.l),
          c: fixed(live.c),
        });
      }
    }
    return out;
  }
}
