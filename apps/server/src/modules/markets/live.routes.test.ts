import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { connectSocket, sleep } from '../../../test/support/ws-client';

/** Recorded exchange frames, replayed with the current time so they land in the current minute. */
const frames = JSON.parse(
  readFileSync(new URL('./fixtures/binance-miniticker.json', import.meta.url), 'utf8'),
) as {
  stream: string;
  data: { s: string; c: string; E: number };
}[];
const btcFrames = frames.filter((f) => f.data.s === 'BTCUSDT');

let exchange: WebSocketServer;
let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  exchange = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  exchange.on('connection', (socket) => {
    // ETHUSDT ticks once, then goes quiet; BTCUSDT keeps ticking through the recorded prices.
    const eth = frames.find((f) => f.data.s === 'ETHUSDT');
    socket.send(JSON.stringify({ ...eth, data: { ...eth?.data, E: Date.now() } }));
    let i = 0;
    const timer = setInterval(() => {
      const frame = btcFrames[i++ % btcFrames.length];
      socket.send(JSON.stringify({ ...frame, data: { ...frame?.data, E: Date.now() } }));
    }, 150);
    socket.on('close', () => clearInterval(timer));
  });
  await new Promise((r) => exchange.once('listening', r));
  const port = (exchange.address() as AddressInfo).port;
  t = await createTestApp({
    config: {
      MARKET_FEED: 'live',
      LIVE_FEED_URL: `ws://127.0.0.1:${port}`,
      LIVE_STALE_SECONDS: '1',
    },
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => exchange.close(() => r(undefined)));
});

const get = (url: string) => t.app.inject(url);

describe('live crypto feed selected by configuration', () => {
  it('prices crypto from the exchange, keeps other markets simulated, and marks a quiet instrument stale', async () => {
    const crypto = async () =>
      (await get('/swx/customer/index/listMarketByType?type=2')).json().result as Record<
        string,
        unknown
      >[];
    let btc: Record<string, unknown> | undefined;
    for (let i = 0; i < 100; i++) {
      btc = (await crypto()).find((m) => m.code === 'BTCUSDT');
      if (btc?.stale === false) break;
      await sleep(50);
    }
    expect(btc).toMatchObject({ source: 'live', stale: false });
    expect(btcFrames.map((f) => f.data.c)).toContain(btc?.nowPrice);
    expect(btcFrames.map((f) => (f.data as { o?: string }).o)).toContain(btc?.price); // the exchange's 24 h open

    const forex = (await get('/swx/customer/index/listMarketByType?type=1')).json()
      .result as Record<string, unknown>[];
    expect(forex.every((m) => m.source === 'simulator')).toBe(true);

    await sleep(2_200);
    const eth = (await crypto()).find((m) => m.code === 'ETHUSDT');
    expect(eth).toMatchObject({ source: 'live', stale: true, nowPrice: '3201.55' });
    const sol = (await crypto()).find((m) => m.code === 'SOLUSDT');
    expect(sol?.stale).toBe(true); // never ticked
  });

  it('sends exchange ticks over the socket, and candles include them', async () => {
    const client = await connectSocket(wsUrl);
    client.send({ op: 'sub', codes: ['BTCUSDT'] });
    const tick = await client.next((m) => m.type === 'tick' && m.code === 'BTCUSDT');
    client.close();
    expect(btcFrames.map((f) => f.data.c)).toContain(tick.price);
    const res = (
      await get('/swx/customer/index/getKValueByCodeAndDate?code=BTCUSDT&timeframe=1min')
    ).json().result;
    expect(res.source).toBe('live');
    const last = res.candles.at(-1);
    expect(Number(last.l)).toBeLessThanOrEqual(Number(tick.price));
    expect(Number(last.h)).toBeGreaterThanOrEqual(Number(tick.price));
  });
});
