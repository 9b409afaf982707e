import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { LiveFeed, type LiveTick } from './live-feed';

/** Frames as the exchange sends them, recorded in its combined-stream format. */
const frames = JSON.parse(
  readFileSync(new URL('./fixtures/binance-miniticker.json', import.meta.url), 'utf8'),
) as {
  stream: string;
  data: { s: string; c: string; E: number };
}[];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A loopback exchange: each connection gets what `script` sends. */
async function exchange(
  script: (socket: WebSocket, connection: number, path: string) => Promise<void>,
) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  let connections = 0;
  const paths: string[] = [];
  server.on('connection', (socket, request) => {
    connections++;
    paths.push(request.url ?? '');
    void script(socket, connections, request.url ?? '');
  });
  await new Promise((r) => server.once('listening', r));
  cleanups.push(() => new Promise((r) => server.close(() => r())));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    connections: () => connections,
  };
}

function feedFor(url: string, extra: Partial<ConstructorParameters<typeof LiveFeed>[0]> = {}) {
  const ticks: LiveTick[] = [];
  const stale: [string, boolean][] = [];
  const feed = new LiveFeed({
    url,
    codes: ['BTCUSDT', 'ETHUSDT'],
    onTick: (t) => ticks.push(t),
    onStale: (code, s) => stale.push([code, s]),
    ...extra,
  });
  feed.start();
  cleanups.push(() => feed.stop());
  return { feed, ticks, stale };
}

const send = (socket: WebSocket, frame: unknown) =>
  socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));

describe('live feed replay', () => {
  it('subscribes to every instrument and passes the recorded ticks through in order', async () => {
    const ex = await exchange(async (socket) => {
      send(socket, 'not json');
      send(socket, { stream: 'btcusdt@aggTrade', data: { e: 'aggTrade', s: 'BTCUSDT', p: '1' } });
      for (const frame of frames) send(socket, frame);
    });
    const { ticks } = feedFor(ex.url);
    for (let i = 0; i < 100 && ticks.length < frames.length; i++) await sleep(20);
    expect(ex.paths[0]).toBe('/stream?streams=btcusdt@miniTicker/ethusdt@miniTicker');
    expect(ticks.map((t) => `${t.code} ${t.price}`)).toEqual(
      frames.map((f) => `${f.data.s} ${f.data.c}`),
    );
    expect(ticks[0]).toMatchObject({ open24h: '63980.00', ts: frames[0]?.data.E });
  });

  it('reconnects after a dropped connection and carries on', async () => {
    const ex = await exchange(async (socket, connection) => {
      const part = connection === 1 ? frames.slice(0, 4) : frames.slice(4);
      for (const frame of part) send(socket, frame);
      if (connection === 1) {
        await sleep(50);
        socket.terminate(); // dropped, no close frame
      }
    });
    const { ticks } = feedFor(ex.url);
    for (let i = 0; i < 200 && ticks.length < frames.length; i++) await sleep(20);
    expect(ex.connections()).toBe(2);
    expect(ticks).toHaveLength(frames.length);
  });

  it('marks an instrument stale when its ticks stop, and live again when they resume', async () => {
    let resume: (() => void) | undefined;
    const ex = await exchange(async (socket) => {
      const btcOnly = frames.filter((f) => f.data.s === 'BTCUSDT');
      send(
        socket,
        frames.find((f) => f.data.s === 'ETHUSDT'),
      );
      for (const frame of btcOnly) {
        send(socket, frame);
        await sleep(60);
      }
      await new Promise<void>((r) => (resume = r));
      send(socket, frames.filter((f) => f.data.s === 'ETHUSDT')[1]);
    });
    const { stale, feed } = feedFor(ex.url, { staleAfterMs: 200 });
    for (let i = 0; i < 100 && !feed.isStale('ETHUSDT'); i++) await sleep(20);
    expect(feed.isStale('ETHUSDT')).toBe(true);
    expect(feed.isStale('BTCUSDT')).toBe(false);
    for (let i = 0; i < 100 && !resume; i++) await sleep(20);
    resume?.();
    for (let i = 0; i < 100 && feed.isStale('ETHUSDT'); i++) await sleep(20);
    expect(stale.filter(([code]) => code === 'ETHUSDT')).toEqual([
      ['ETHUSDT', true],
      ['ETHUSDT', false],
    ]);
  });

  it('holds back a price beyond the deviation guard unless the following ticks confirm it', async () => {
    const btc = (price: string, i: number) => ({
      stream: 'btcusdt@miniTicker',
      data: { e: '24hrMiniTicker', E: 1763712100000 + i, s: 'BTCUSDT', c: price, o: '64000.00' },
    });
    const ex = await exchange(async (socket) => {
      const prices = [
        '65000.00',
        '650000.00',
        '65001.00',
        '65002.00',
        '80000.00',
        '80010.00',
        '80020.00',
        '80030.00',
      ];
      prices.forEach((p, i) => send(socket, btc(p, i)));
    });
    const { ticks } = feedFor(ex.url, { maxDeviation: '0.1', confirmations: 3 });
    for (let i = 0; i < 100 && ticks.length < 5; i++) await sleep(20);
    await sleep(100);
    // The lone spike never reaches the market; the sustained move does, once three ticks agree.
    expect(ticks.map((t) => t.price)).toEqual([
      '65000.00',
      '65001.00',
      '65002.00',
      '80020.00',
      '80030.00',
    ]);
  });
});
