import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInvariantBreaches } from '../src/modules/ledger';
import { startNode, type Node } from '../src/node';
import type { Database } from '../src/platform/db';
import { dec } from '@swx/money';
import { executionPrice } from '../src/modules/triggers';
import { FakeClock, testConfig } from './support/test-app';
import { isolatedDatabase } from './support/test-db';
import { orderHeaders, trader } from './support/trading';

/**
 * DONE-WHEN 5 of the trading issue: resting limits, SL/TP and running options are in place; the
 * server stops; the price path crosses them while it is down; after the restart each settles
 * exactly once at the price of the moment it came due.
 */
const START = 1_795_000_000;
const DOWN_AT = START + 5;
const UP_AT = START + 1_500;

let database: Database;
const clock = new FakeClock(START);
const config = testConfig({ TRIGGER_WATERMARK: `restart-${randomUUID().slice(0, 8)}` });

beforeAll(async () => {
  database = await isolatedDatabase('trading_restart');
}, 60_000);
afterAll(async () => database.close());

function boot(): Promise<Node> {
  return startNode(config, { database, clock: clock.now });
}

type Tick = { id: number; price: string; ts: string; source: string };
type Reply<T> = { code: number; result: T };

describe('restart', () => {
  it('settles what came due while the server was down, once, at that moment’s price', async () => {
    let node = await boot();
    const t = {
      app: node.app,
      database,
      config,
      bus: node.bus,
      markets: node.markets,
      triggers: node.triggers,
      close: () => node.close(),
    };
    const user = await trader(t, '100000');
    const instrument = node.markets.byCodeOf('BTCUSDT');
    if (!instrument) throw new Error('BTCUSDT missing');
    const price = (s: number) => node.markets.source.priceAt(instrument.spec, s);

    const option = await node.app.inject({
      method: 'POST',
      url: '/swx/customer/order/buyOptions',
      headers: orderHeaders(user.auth),
      payload: { code: 'BTCUSDT', direction: 'up', seconds: 60, amount: '100' },
    });
    expect(option.json<Reply<unknown>>().code, option.body).toBe(200);
    const optionId = option.json<Reply<{ id: number }>>().result.id;

    // A spot limit buy and a long with a stop, both reached only while the server is down: the
    // lowest ask and the highest (or lowest) bid of the downtime, first reached at known seconds.
    const ask = (s: number) => executionPrice(instrument, price(s), 'buy');
    const bid = (s: number) => executionPrice(instrument, price(s), 'sell');
    const extreme = (
      of: (s: number) => string,
      from: number,
      to: number,
      better: (a: string, b: string) => boolean,
    ) => {
      let at = from;
      for (let s = from + 1; s <= to; s++) if (better(of(s), of(at))) at = s;
      return at;
    };
    const lower = (a: string, b: string) => dec(a).lt(b);
    const higher = (a: string, b: string) => dec(a).gt(b);
    const lowAsk = extreme(ask, DOWN_AT + 1, UP_AT - 1, lower);
    expect(dec(ask(extreme(ask, START + 1, DOWN_AT, lower))).gt(ask(lowAsk))).toBe(true);
    const limit = await node.app.inject({
      method: 'POST',
      url: '/swx/customer/order/submit',
      headers: orderHeaders(user.auth),
      payload: {
        code: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        price: ask(lowAsk),
        quantity: '0.01',
      },
    });
    expect(limit.json<Reply<{ state: string }>>().result.state, limit.body).toBe('waiting');
    const highBid = extreme(bid, DOWN_AT + 1, UP_AT - 1, higher);
    const lowBid = extreme(bid, DOWN_AT + 1, UP_AT - 1, lower);
    const entry = ask(START);
    const useTp = dec(bid(highBid)).gt(entry);
    const stopAt = useTp ? highBid : lowBid;
    const stop = useTp ? { takeProfit: bid(highBid) } : { stopLoss: bid(lowBid) };
    const before = useTp
      ? dec(bid(extreme(bid, START + 1, DOWN_AT, higher))).lt(bid(highBid))
      : dec(bid(extreme(bid, START + 1, DOWN_AT, lower))).gt(bid(lowBid));
    expect(before).toBe(true);
    const position = await node.app.inject({
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
    expect(position.json<Reply<{ state: string }>>().result.state, position.body).toBe('open');

    clock.seconds = DOWN_AT;
    await node.triggers.advanceTo(DOWN_AT);
    await node.close();

    // Down from DOWN_AT to UP_AT; the option expired at START + 60 meanwhile.
    clock.seconds = UP_AT;
    node = await boot();
    try {
      const read = await node.app.inject({
        method: 'GET',
        url: `/swx/customer/order/getOptionsOrderById/${optionId}`,
        headers: user.auth,
      });
      const order =
        read.json<Reply<{ state: string; openTick: Tick; settleTick: Tick | null }>>().result;
      expect(order.state).not.toBe('running');
      const openSecond = Date.parse(order.openTick.ts) / 1000;
      expect(order.settleTick?.ts).toBe(new Date((openSecond + 60) * 1000).toISOString());
      expect(order.settleTick?.price).toBe(price(openSecond + 60));
      expect(order.settleTick?.source).toBe('simulator');

      const spot = await node.app.inject({
        method: 'GET',
        url: '/swx/customer/order/listBbOrder?status=history',
        headers: user.auth,
      });
      const [filled] =
        spot.json<Reply<{ list: { state: string; fillPrice: string; tick: Tick }[] }>>().result
          .list;
      expect(filled).toMatchObject({ state: 'filled', fillPrice: ask(lowAsk) });
      expect(filled?.tick.ts).toBe(new Date(lowAsk * 1000).toISOString());
      const closed = await node.app.inject({
        method: 'GET',
        url: '/swx/customer/order/listUOrder?status=closed',
        headers: user.auth,
      });
      const [position] =
        closed.json<
          Reply<{ list: { closeReason: string; closePrice: string; closeTick: Tick }[] }>
        >().result.list;
      expect(position).toMatchObject({ closeReason: useTp ? 'tp' : 'sl', closePrice: bid(stopAt) });
      expect(position?.closeTick.ts).toBe(new Date(stopAt * 1000).toISOString());

      // A second restart settles nothing again.
      await node.close();
      clock.seconds = UP_AT + 100;
      node = await boot();
      const again = await node.app.inject({
        method: 'GET',
        url: `/swx/customer/order/getOptionsOrderById/${optionId}`,
        headers: user.auth,
      });
      expect(again.json<Reply<{ settleTick: Tick }>>().result.settleTick).toEqual(order.settleTick);
      expect(await findInvariantBreaches(database.db)).toEqual([]);
    } finally {
      await node.close();
    }
  });
});
