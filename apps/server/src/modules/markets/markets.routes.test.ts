import { brotliDecompressSync } from 'node:zlib';
import { Timeframe } from '@swx/contract';
import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EncodedBody } from '../../platform/encoded-body';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orderHeaders, trader } from '../../../test/support/trading';
import { connectSocket, sleep } from '../../../test/support/ws-client';

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const get = (url: string, lang = 'en') => t.app.inject({ url, headers: { lang } });

describe('instruments', () => {
  it('lists every market type with the fields of the specification', async () => {
    const counts: Record<number, number> = {};
    for (const type of [1, 2, 3, 4, 5, 6]) {
      const res = await get(`/swx/customer/index/listMarketByType?type=${type}`);
      expect(res.statusCode).toBe(200);
      const list = res.json().result as Record<string, unknown>[];
      counts[type] = list.length;
      for (const item of list) {
        expect(item).toMatchObject({
          type,
          code: expect.any(String),
          appName: expect.any(String),
          logo: expect.stringMatching(/^\/logos\//),
        });
        expect(item.hundred).toHaveLength(100);
        expect(String(item.nowPrice)).toMatch(/^\d+(\.\d+)?$/);
        expect(String(item.zdf)).toMatch(/^-?\d+\.\d{2}$/);
      }
    }
    expect(counts).toEqual({ 1: 16, 2: 22, 3: 20, 4: 8, 5: 8, 6: 4 });
    expect((await get('/swx/customer/index/listMarketByType')).json().result).toHaveLength(78);
    expect((await get('/swx/customer/index/listMarketByType?type=9')).statusCode).toBe(400);
  });

  it('sends the list compressed to a caller that accepts it, as every browser does', async () => {
    const url = '/swx/customer/index/listMarketByType?type=2';
    const plain = await t.app.inject({ url });
    const compressed = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const codes = (body: Buffer) =>
      (JSON.parse(body.toString('utf8')) as { result: { code: string }[] }).result.map(
        (i) => i.code,
      );
    expect(codes(brotliDecompressSync(compressed.rawPayload))).toEqual(codes(plain.rawPayload));
  });

  it('makes one body a second for all the callers asking at once', async () => {
    const made = vi.spyOn(EncodedBody, 'json');
    try {
      const first = Math.floor(Date.now() / 1000);
      // A language no other test asks in, so no body of this second exists yet.
      const replies = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.app.inject({
            url: '/swx/customer/index/listMarketByType?type=4',
            headers: { lang: 'ko', 'accept-encoding': 'br' },
          }),
        ),
      );
      const seconds = Math.floor(Date.now() / 1000) - first + 1;
      expect(replies.every((r) => r.statusCode === 200)).toBe(true);
      expect(new Set(replies.map((r) => r.rawPayload.length)).size).toBeLessThanOrEqual(seconds);
      // Each caller made and compressed its own body before: thirty here.
      expect(made.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(made.mock.calls.length).toBeLessThanOrEqual(seconds);
    } finally {
      made.mockRestore();
    }
  });

  it('answers getMarketInfo and 10101 for an unknown id', async () => {
    const [btc] = (await get('/swx/customer/index/listMarketByType?type=2')).json().result;
    const info = (await get(`/swx/customer/index/getMarketInfo/${btc.id}`)).json().result;
    expect(info).toMatchObject({
      code: 'BTCUSDT',
      quoteAsset: 'USDT',
      precision: 2,
      calendar: 'always',
      open: true,
      source: 'simulator',
    });
    expect(info.leverages).toContain(10);
    expect((await get('/swx/customer/index/getMarketInfo/999999')).json().code).toBe(10101);
  });

  it('tells trading hours per instrument', async () => {
    const btc = (await get('/swx/customer/index/getTradingHours/BTCUSDT')).json().result;
    expect(btc).toMatchObject({ open: true, calendar: 'always' });
    const aapl = (await get('/swx/customer/index/getTradingHours/AAPL')).json().result;
    expect(aapl.calendar).toBe('us_equity');
    expect(aapl.open ? aapl.closesAt : aapl.nextOpen).toEqual(expect.any(String));
  });

  it('computes the home page statistics from the platform data', async () => {
    const stats = (await get('/swx/customer/index/getPlatformStats')).json().result;
    expect(stats).toMatchObject({
      listedInstruments: 78,
      maxFeeRate: '0.002',
      feed: 'simulator',
    });
    expect(stats.registeredUsers).toBeGreaterThanOrEqual(0);
    // The 24 h volume is the real-mode turnover of the trading products: an option of 100 USDT
    // adds exactly 100 (demo trades add nothing).
    const user = await trader(t, '1000');
    const buy = (mode: 'real' | 'demo') =>
      t.app.inject({
        method: 'POST',
        url: '/swx/customer/order/buyOptions',
        headers: orderHeaders(user.auth, mode),
        payload: { code: 'BTCUSDT', direction: 'up', seconds: 300, amount: '100' },
      });
    expect((await buy('real')).json().code).toBe(200);
    expect((await buy('demo')).json().code).toBe(200);
    const after = (await get('/swx/customer/index/getPlatformStats')).json().result;
    expect(dec(after.volume24h).minus(stats.volume24h).toFixed(2)).toBe('100.00');
  });
});

describe('candles and live ticks agree', () => {
  it('for every timeframe, each tick the socket sent lies in its candle and equals the price function', async () => {
    const client = await connectSocket(wsUrl);
    client.send({ op: 'sub', codes: ['BTCUSDT', 'ETHUSDT'] });
    const deadline = Date.now() + 15_000;
    const count = (code: string) =>
      client.messages.filter((m) => m.type === 'tick' && m.code === code).length;
    while ((count('BTCUSDT') < 3 || count('ETHUSDT') < 3) && Date.now() < deadline)
      await sleep(100);
    client.close();
    const ticks = client.messages.filter((m) => m.type === 'tick') as {
      code: string;
      price: string;
      ts: string;
    }[];
    expect(ticks.length).toBeGreaterThanOrEqual(6);
    for (const timeframe of Timeframe.options) {
      for (const code of ['BTCUSDT', 'ETHUSDT']) {
        const mine = ticks.filter((x) => x.code === code);
        const first = mine[0];
        if (!first) continue;
        const from = new Date(Date.parse(first.ts) - 1000).toISOString();
        const res = await get(
          `/swx/customer/index/getKValueByCodeAndDate?code=${code}&timeframe=${timeframe}&from=${from}`,
        );
        const candles = res.json().result.candles as {
          t: string;
          o: string;
          h: string;
          l: string;
          c: string;
        }[];
        expect(candles.length, `${code} ${timeframe}`).toBeGreaterThan(0);
        for (const tick of mine) {
          const candle = [...candles].reverse().find((c) => Date.parse(c.t) <= Date.parse(tick.ts));
          expect(candle, `${timeframe} candle for ${tick.ts}`).toBeDefined();
          const where = `${code} ${timeframe} tick ${tick.ts} ${tick.price} in ${JSON.stringify(candle)}`;
          expect(dec(tick.price).greaterThanOrEqualTo(candle?.l ?? '0'), where).toBe(true);
          expect(dec(tick.price).lessThanOrEqualTo(candle?.h ?? '0'), where).toBe(true);
        }
      }
    }
    // The 1-minute candle of the last tick closes at that tick when asked for up to that second.
    const last = ticks[ticks.length - 1];
    if (!last) throw new Error('no ticks');
    const res = await get(
      `/swx/customer/index/getKValueByCodeAndDate?code=${last.code}&timeframe=1min&from=${new Date(Date.parse(last.ts) - 60_000).toISOString()}&to=${last.ts}`,
    );
    expect(
      res.json().result.candles.at(-1).c,
      JSON.stringify({ last, codes: [...new Set(ticks.map((x) => x.code))] }),
    ).toBe(last.price);
  });

  it('refuses an unknown code and a reversed range', async () => {
    expect(
      (await get('/swx/customer/index/getKValueByCodeAndDate?code=NOPE&timeframe=1min')).json()
        .code,
    ).toBe(10101);
    expect(
      (await get('/swx/customer/index/getKValueByCodeAndDate?code=BTCUSDT&timeframe=2min'))
        .statusCode,
    ).toBe(400);
    const rev = await get(
      '/swx/customer/index/getKValueByCodeAndDate?code=BTCUSDT&timeframe=1min&from=2026-11-21T10:00:00Z&to=2026-11-21T09:00:00Z',
    );
    expect(rev.json().code).toBe(10100);
  });
});

describe('instruments in the back office', () => {
  it('lets an admin change trading settings, audited, and every list follows', async () => {
    const { staffHeaders } = await import('../../../test/support/staff-session');
    const admin = (await staffHeaders(t.database, ['admin'])).headers;
    const support = (await staffHeaders(t.database, ['support'])).headers;
    const list = (await t.app.inject({ url: '/swx/admin/instruments', headers: admin })).json()
      .result as { id: number; code: string }[];
    expect(list).toHaveLength(78);
    const arb = list.find((i) => i.code === 'ARBUSDT');
    if (!arb) throw new Error('no ARBUSDT');
    const post = (payload: object, headers = admin) =>
      t.app.inject({ method: 'POST', url: `/swx/admin/instruments/${arb.id}`, payload, headers });

    expect((await post({ enabled: false }, support)).json().code).toBe(10108);
    expect((await post({ leverages: [] })).statusCode).toBe(400);
    expect((await post({ contractSize: '0' })).json().code).toBe(10100);

    const res = await post({ enabled: false, leverages: [20, 5, 5], spread: '0.001' });
    expect(res.json()).toMatchObject({
      code: 20005,
      result: { enabled: false, leverages: [5, 20], spread: '0.001' },
    });
    const listed = async () =>
      (
        (await get('/swx/customer/index/listMarketByType?type=2')).json().result as {
          code: string;
        }[]
      ).map((i) => i.code);
    for (let i = 0; i < 50 && (await listed()).includes('ARBUSDT'); i++) await sleep(20);
    expect(await listed()).not.toContain('ARBUSDT');

    await post({ enabled: true });
    for (let i = 0; i < 50 && !(await listed()).includes('ARBUSDT'); i++) await sleep(20);
    expect(await listed()).toContain('ARBUSDT');
    const log = (
      await t.app.inject({
        url: '/swx/admin/audit?action=instrument.update&pageSize=5',
        headers: admin,
      })
    ).json().result;
    expect(log.list[1]).toMatchObject({
      target: 'instrument:ARBUSDT',
      detail: { enabled: { from: true, to: false } },
    });
  });
});
