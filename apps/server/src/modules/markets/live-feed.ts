import { dec, isDecimalString } from '@swx/money';
import WebSocket from 'ws';
import { z } from 'zod';

/**
 * A live crypto feed from an exchange's public market streams, in Binance's combined-stream format
 * (`/stream?streams=btcusdt@miniTicker/...`, messages `{ stream, data: { e: '24hrMiniTicker', E,
 * s, c, o, ... } }`). It reconnects with backoff, marks an instrument stale when no tick arrives for
 * a while, and holds back a price that jumps further than the deviation guard allows until the next
 * ticks confirm it.
 */

const MiniTicker = z.object({
  stream: z.string(),
  data: z.object({
    e: z.literal('24hrMiniTicker'),
    E: z.number().int().positive(),
    s: z.string().regex(/^[A-Z0-9]{2,20}$/),
    c: z.string().refine(isDecimalString),
    o: z.string().refine(isDecimalString),
  }),
});

export interface LiveTick {
  code: string;
  price: string;
  /** Price 24 hours earlier, as the exchange reports it (for zdf). */
  open24h: string;
  /** Exchange event time, ms since the epoch. */
  ts: number;
}

export interface LiveFeedOptions {
  /** Base address of the combined stream, e.g. wss://stream.binance.com:9443 */
  url: string;
  codes: readonly string[];
  onTick: (tick: LiveTick) => void;
  onStale: (code: string, stale: boolean) => void;
  /** No tick for this long marks an instrument stale. */
  staleAfterMs?: number;
  /** A move larger than this share of the last price needs confirming ticks. */
  maxDeviation?: string;
  /** Ticks within the guard of each other that confirm a jump. */
  confirmations?: number;
  log?: (message: string, detail?: unknown) => void;
  now?: () => number;
}

interface Held {
  prices: string[];
  tick: LiveTick;
}

export class LiveFeed {
  private socket: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private staleTimer: NodeJS.Timeout | null = null;
  private readonly last = new Map<string, string>();
  private readonly lastAt = new Map<string, number>();
  private readonly stale = new Set<string>();
  private readonly held = new Map<string, Held>();
  private readonly staleAfterMs: number;
  private readonly maxDeviation: ReturnType<typeof dec>;
  private readonly confirmations: number;
  private readonly now: () => number;

  constructor(private readonly options: LiveFeedOptions) {
    this.staleAfterMs = options.staleAfterMs ?? 10_000;
    this.maxDeviation = dec(options.maxDeviation ?? '0.1');
    this.confirmations = options.confirmations ?? 3;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    const started = this.now();
    for (const code of this.options.codes) this.lastAt.set(code, started);
    this.connect();
    this.staleTimer = setInterval(() => this.checkStale(), Math.min(1_000, this.staleAfterMs / 2));
    this.staleTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.staleTimer) clearInterval(this.staleTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    }
  }

  isStale(code: string): boolean {
    return this.stale.has(code);
  }

  private connect(): void {
    const streams = this.options.codes.map((c) => `${c.toLowerCase()}@miniTicker`).join('/');
    const socket = new WebSocket(`${this.options.url}/stream?streams=${streams}`);
    this.socket = socket;
    socket.on('open', () => {
      this.attempt = 0;
      this.options.log?.('live feed connected');
    });
    socket.on('message', (raw: Buffer) => this.receive(raw));
    socket.on('error', (error) => this.options.log?.('live feed socket error', error));
    socket.on('close', () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    // Exponential backoff from 0.5 s to 30 s with jitter, so many nodes do not reconnect in step.
    const base = Math.min(30_000, 500 * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt++;
    this.options.log?.(`live feed disconnected; reconnecting in ${Math.round(delay)} ms`);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private receive(raw: Buffer): void {
    let parsed: z.infer<typeof MiniTicker>;
    try {
      const result = MiniTicker.safeParse(JSON.parse(raw.toString('utf8')));
      if (!result.success) return; // other event types and malformed frames are ignored
      parsed = result.data;
    } catch {
      this.options.log?.('live feed sent a frame that is not JSON');
      return;
    }
    const { s: code, c: price, o: open24h, E: ts } = parsed.data;
    if (!this.options.codes.includes(code) || dec(price).isZero()) return;
    this.lastAt.set(code, this.now());
    if (this.stale.delete(code)) this.options.onStale(code, false);
    const tick = { code, price, open24h, ts };
    const last = this.last.get(code);
    if (last === undefined || this.withinGuard(last, price)) {
      this.held.delete(code);
      this.accept(tick);
      return;
    }
    // A jump: hold it until enough following ticks agree with it, then take the newest.
    const held = this.held.get(code);
    const consistent =
      held && this.withinGuard(held.prices[held.prices.length - 1] ?? price, price);
    const prices = consistent ? [...held.prices, price] : [price];
    if (prices.length >= this.confirmations) {
      this.held.delete(code);
      this.options.log?.(`live feed: ${code} moved beyond the deviation guard and was confirmed`);
      this.accept(tick);
    } else {
      this.held.set(code, { prices, tick });
    }
  }

  private withinGuard(reference: string, price: string): boolean {
    const ref = dec(reference);
    return dec(price).minus(ref).abs().lessThanOrEqualTo(ref.times(this.maxDeviation));
  }

  private accept(tick: LiveTick): void {
    this.last.set(tick.code, tick.price);
    this.options.onTick(tick);
  }

  private checkStale(): void {
    const now = this.now();
    for (const code of this.options.codes) {
      if (!this.stale.has(code) && now - (this.lastAt.get(code) ?? now) > this.staleAfterMs) {
        this.stale.add(code);
        this.options.onStale(code, true);
      }
    }
  }
}
