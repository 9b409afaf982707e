import { randomUUID } from 'node:crypto';
import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInvariantBreaches, selectUserBalances } from '../src/modules/ledger';
import { ticksRecordedFor } from '../src/modules/markets';
import { executionPrice } from '../src/modules/triggers';
import { startNode, type Node } from '../src/node';
import { openPostgres, type Database } from '../src/platform/db';
import { createTestApp, FakeClock, testConfig, type TestApp } from './support/test-app';
import { createScratchPostgres, isolatedDatabase, TEST_DATABASE_URL } from './support/test-db';
import { orderHeaders, trader } from './support/trading';

/**
 * DONE-WHEN 4 of the trading issue, for every product: many concurrent orders against a balance
 * that covers one, many replays of one Idempotency-Key, and two nodes settling the same triggers.
 * The CI runs this file on PGlite and again on PostgreSQL with Redis.
 */
const START = 1_795_000_000;
const CONCURRENT = 200;

let t: TestApp;
const clock = new FakeClock(START);

beforeAll(async () => {
  // Every request comes from one address here: the per-address limit is not what is tested.
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
}, 60_000);
afterAll(async () => t.close());

async function available(userId: number, mode: 'real' | 'demo' = 'real', asset = 'USDT') {
  const rows = await selectUserBalances(t.database.db, userId, mode);
  return rows.find((r) => r.asset === asset && r.bucket === 'available')?.balance ?? '0';
}

function btcPrice(): string {
  const instrument = t.markets.byCodeOf('BTCUSDT');
  if (!instrument) throw new Error('BTCUSDT missing');
  return t.markets.source.priceAt(instrument.spec, clock.seconds);
}

const orders = {
  spot: () => ({
    url: '/swx/customer/order/submit',
    payload: { code: 'BTCUSDT', side: 'buy', type: 'market', turnover: '100' },
    cost: '100',
  }),
  contract: () => {
    const notional = dec(btcPrice()).times('0.01');
    // Margin at 10x plus the fee, with room for the half spread.
    const cost = notional.div(10).plus(notional.times('0.002')).times('1.01');
    return {
      url: '/swx/customer/order/buyU',
      payload: { code: 'BTCUSDT', direction: 'long', lots: '0.01', leverage: 10, type: 'market' },
      cost: cost.toFixed(6),
    };
  },
  options: () => ({
    url: '/swx/customer/order/buyOptions',
    payload: { code: 'BTCUSDT', direction: 'up', seconds: 60, amount: '100' },
    cost: '100',
  }),
} as const;

describe.each(Object.keys(orders) as (keyof typeof orders)[])('%s orders', (product) => {
  it(`${CONCURRENT} concurrent orders against a balance that covers one: exactly one succeeds`, async () => {
    const order = orders[product]();
    const balance = dec(order.cost).times('1.5').toFixed(6);
    const user = await trader(t, balance);
    const replies = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        t.app.inject({
          method: 'POST',
          url: order.url,
          headers: orderHeaders(user.auth),
          payload: order.payload,
        }),
      ),
    );
    const codes = replies.map((r) => r.json<{ code: number }>().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 200))).toEqual(new Set([10092]));
    expect(replies.every((r) => r.statusCode < 500)).toBe(true);
    expect(dec(await available(user.user.id)).lt(order.cost)).toBe(true);
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });

  it('100 replays of one Idempotency-Key have one effect', async () => {
    const order = orders[product]();
    const user = await trader(t, '100000');
    const headers = orderHeaders(user.auth);
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({ method: 'POST', url: order.url, headers, payload: order.payload }),
      ),
    );
    const ok = replies.filter((r) => r.json<{ code: number }>().code === 200);
    // Replays that arrive while the first is in flight are told so (10106); the rest answer the
    // first result.
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => JSON.stringify(r.json<{ result: unknown }>().result))).size).toBe(
      1,
    );
    expect(replies.every((r) => [200, 10106].includes(r.json<{ code: number }>().code))).toBe(true);
    const spent = dec('100000').minus(await available(user.user.id));
    expect(spent.gt(0)).toBe(true);
    expect(spent.lte(dec(order.cost).times('1.01'))).toBe(true);
  });
});

describe('two nodes on one database', () => {
  it('settle every expiring option and every reached stop exactly once', async () => {
    const name = `trading_nodes_${randomUUID().slice(0, 6)}`;
    // One scratch database per worker, dropped and made again by the next run (a random name
    // would leave one behind on the server after every run).
    const url = TEST_DATABASE_URL
      ? await createScratchPostgres(`swx_test_trading_nodes_w${process.env.VITEST_POOL_ID ?? '0'}`)
      : undefined;
    const shared: Database = url ? openPostgres(url, 10) : await isolatedDatabase(name);
    if (url) await shared.migrate();
    const second: Database = url ? openPostgres(url, 10) : shared;
    const nodeClock = new FakeClock(START);
    const config = testConfig({ REDIS_PREFIX: `test:${name}:` });
    const a: Node = await startNode(config, { database: shared, clock: nodeClock.now });
    let b: Node | undefined;
    try {
      const app = { ...t, app: a.app, database: shared, markets: a.markets, triggers: a.triggers };
      const users = await Promise.all(Array.from({ length: 5 }, () => trader(app, '100000')));
      const ids: number[] = [];
      for (const [i, user] of users.entries()) {
        for (let k = 0; k < 4; k++) {
          const res = await a.app.inject({
            method: 'POST',
            url: '/swx/customer/order/buyOptions',
            headers: orderHeaders(user.auth),
            payload: {
              code: 'BTCUSDT',
              direction: (i + k) % 2 ? 'up' : 'down',
              seconds: 30,
              amount: '50',
            },
          });
          expect(res.json<{ code: number }>().code, res.body).toBe(200);
          ids.push(res.json<{ result: { id: number } }>().result.id);
        }
      }
      // Each user also holds a long whose stop or take-profit the path reaches within the window
      // (the highest or lowest bid of it, reached first at a known second).
      const instrument = a.markets.byCodeOf('BTCUSDT');
      if (!instrument) throw new Error('BTCUSDT missing');
      const bid = (s: number) =>
        executionPrice(instrument, a.markets.source.priceAt(instrument.spec, s), 'sell');
      const entry = executionPrice(
        instrument,
        a.markets.source.priceAt(instrument.spec, START),
        'buy',
      );
      let high = START + 1;
      let low = START + 1;
      for (let s = START + 2; s <= START + 110; s++) {
        if (dec(bid(s)).gt(bid(high))) high = s;
        if (dec(bid(s)).lt(bid(low))) low = s;
      }
      const stop = dec(bid(high)).gt(entry) ? { takeProfit: bid(high) } : { stopLoss: bid(low) };
      const positions: number[] = [];
      for (const user of users) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/swx/customer/order/buyU',
          headers: orderHeaders(user.auth),
          payload: {
            code: 'BTCUSDT',
            direction: 'long',
            lots: '0.01',
            leverage: 10,
            type: 'market',
            ...stop,
          },
        });
        expect(res.json<{ code: number }>().code, res.body).toBe(200);
        positions.push(res.json<{ result: { id: number } }>().result.id);
      }
      // The second node boots after the orders exist, so it loads them from the database.
      b = await startNode(config, { database: second, clock: nodeClock.now });
      nodeClock.seconds = START + 120;
      await Promise.all([a.triggers.advanceTo(START + 120), b.triggers.advanceTo(START + 120)]);

      const contractResult = new Map<number, ReturnType<typeof dec>>();
      for (const [i, user] of users.entries()) {
        const closed = await a.app.inject({
          method: 'GET',
          url: '/swx/customer/order/listUOrder?status=closed&pageSize=50',
          headers: user.auth,
        });
        const position = closed
          .json<{
            result: {
              list: {
                id: number;
                orderNo: string;
                closeReason: string;
                fee: string;
                profit: string;
              }[];
            };
          }>()
          .result.list.find((p) => p.id === positions[i]);
        expect(position?.closeReason).toBe('takeProfit' in stop ? 'tp' : 'sl');
        // One close tick kept: a second settlement by the other node would have left another.
        const ticks = await ticksRecordedFor(
          shared.db,
          'BTCUSDT',
          `contract:${position?.orderNo ?? ''}:close`,
        );
        expect(ticks).toHaveLength(1);
        contractResult.set(
          user.user.id,
          dec(position?.profit ?? 'NaN').minus(position?.fee ?? 'NaN'),
        );
      }
      for (const user of users) {
        const list = await a.app.inject({
          method: 'GET',
          url: '/swx/customer/order/listOptionsOrder?status=settled&page=1&pageSize=50',
          headers: user.auth,
        });
        const settled = list.json<{ result: { list: { payout: string; amount: string }[] } }>()
          .result.list;
        expect(settled).toHaveLength(4);
        const paid = settled.reduce((sum, o) => sum.plus(o.payout), dec('0'));
        const staked = settled.reduce((sum, o) => sum.plus(o.amount), dec('0'));
        const rows = await selectUserBalances(shared.db, user.user.id, 'real');
        const balance = rows.find((r) => r.asset === 'USDT' && r.bucket === 'available')?.balance;
        // Paid once: a second settlement would have paid a payout twice.
        expect(dec(balance ?? '0').toFixed(8)).toBe(
          dec('100000')
            .minus(staked)
            .plus(paid)
            .plus(contractResult.get(user.user.id) ?? 'NaN')
            .toFixed(8),
        );
      }
      expect(ids).toHaveLength(20);
      expect(await findInvariantBreaches(shared.db)).toEqual([]);
    } finally {
      await b?.close();
      await a.close();
      if (second !== shared) await second.close();
      await shared.close();
    }
  });
});
