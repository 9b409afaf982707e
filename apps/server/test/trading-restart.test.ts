import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInvariantBreaches } from '../src/modules/ledger';
import { startNode, type Node } from '../src/node';
import type { Database } from '../src/platform/db';
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
