import { randomUUID } from 'node:crypto';
import { dec } from '@swx/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { notificationsOf, registerByEmail } from '../../../test/support/accounts';
import { orderHeaders, trader } from '../../../test/support/trading';
import {
  findInvariantBreaches,
  houseShardOf,
  postAlone,
  selectUserBalances,
  transferPostings,
} from '../ledger';
import { EXPIRY_KIND, expiryOf } from './options.settle';
import { optionsOrders } from './options.tables';

const START = 1_795_000_000;
const clock = new FakeClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
}, 60_000);
afterAll(async () => t.close());

type Tick = { id: number; price: string; ts: string; source: string };
type Order = {
  id: number;
  orderNo: string;
  state: string;
  direction: string;
  amount: string;
  payout: string | null;
  profit: string | null;
  openTick: Tick;
  settleTick: Tick | null;
  expiresAt: string;
};

function btc() {
  const instrument = t.markets.byCodeOf('BTCUSDT');
  if (!instrument) throw new Error('BTCUSDT missing');
  return instrument;
}
const priceAt = (s: number) => t.markets.source.priceAt(btc().spec, s);
/** The simulated feed's BTCUSDT tick of second `s`, as the trigger engine checks it. */
const feedTickAt = (s: number) => ({
  code: 'BTCUSDT',
  price: priceAt(s),
  ts: new Date(s * 1000),
  second: s,
  source: 'simulator' as const,
});

async function buy(
  auth: { authorization: string },
  payload: object,
  mode: 'real' | 'demo' = 'real',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/order/buyOptions',
    headers: orderHeaders(auth, mode),
    payload,
  });
  return res.json<{ code: number; result: Order }>();
}

async function balances(userId: number, mode: 'real' | 'demo' = 'real') {
  const rows = await selectUserBalances(t.database.db, userId, mode);
  const of = (bucket: string) =>
    dec(rows.find((r) => r.asset === 'USDT' && r.bucket === bucket)?.balance ?? '0').toFixed();
  return { available: of('available'), options: of('options') };
}

/** A second after `from` where the price 60 s later differs from the price at it. */
function movingSecond(from: number): number {
  for (let s = from; ; s++) if (priceAt(s) !== priceAt(s + 60)) return s;
}

describe('options', () => {
  it('lists the default product of an instrument', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/index/listOptionsProducts?code=BTCUSDT',
    });
    const [product] = res.json<{
      result: { code: string; periods: { seconds: number; payoutRate: string }[] }[];
    }>().result;
    expect(product?.periods.map((p) => [p.seconds, p.payoutRate])).toEqual([
      [30, '0.2'],
      [60, '0.3'],
      [120, '0.4'],
      [300, '0.5'],
    ]);
  });

  it('wins one and loses one on the same path, with both ticks stored and shown', async () => {
    const at = movingSecond(clock.seconds + 1);
    await advance(t, clock, at);
    const user = await trader(t, '1000');
    const up = await buy(user.auth, {
      code: 'BTCUSDT',
      direction: 'up',
      seconds: 60,
      amount: '100',
    });
    const down = await buy(user.auth, {
      code: 'BTCUSDT',
      direction: 'down',
      seconds: 60,
      amount: '50',
    });
    expect(up.code).toBe(200);
    expect(up.result.openTick).toMatchObject({
      price: priceAt(at),
      ts: new Date(at * 1000).toISOString(),
      source: 'simulator',
    });
    expect(up.result.state).toBe('running');
    // Each opening tick's id names the tick recorded for that order.
    for (const order of [up.result, down.result]) {
      const verify = await t.app.inject({
        method: 'GET',
        url: `/swx/customer/index/verifyTick/${order.openTick.id}`,
      });
      expect(verify.json<{ result: object }>().result).toMatchObject({
        reason: `options:${order.orderNo}:open`,
        recorded: { price: priceAt(at), ts: new Date(at * 1000).toISOString() },
      });
    }
    expect(await balances(user.user.id)).toEqual({ available: '850', options: '150' });

    await advance(t, clock, at + 59);
    const running = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/order/getOptionsOrderById/${up.result.id}`,
      headers: user.auth,
    });
    expect(running.json<{ result: Order }>().result.state).toBe('running');

    await advance(t, clock, at + 61);
    const read = async (id: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/swx/customer/order/getOptionsOrderById/${id}`,
          headers: user.auth,
        })
      ).json<{ result: Order }>().result;
    const [u, d] = [await read(up.result.id), await read(down.result.id)];
    const rose = dec(priceAt(at + 60)).gt(priceAt(at));
    expect(u.state).toBe(rose ? 'won' : 'lost');
    expect(d.state).toBe(rose ? 'lost' : 'won');
    expect(u.settleTick).toMatchObject({
      price: priceAt(at + 60),
      ts: new Date((at + 60) * 1000).toISOString(),
      source: 'simulator',
    });
    const winner = rose ? u : d;
    expect(winner.payout).toBe(rose ? '130' : '65');
    expect((rose ? d : u).payout).toBe('0');
    const expected = dec('850')
      .plus(winner.payout ?? '0')
      .toFixed();
    expect(await balances(user.user.id)).toEqual({ available: expected, options: '0' });

    // The deciding tick can be verified by anyone against the published seed.
    const verify = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/index/verifyTick/${u.settleTick?.id ?? 0}`,
    });
    expect(
      verify.json<{ result: { matches: boolean; recomputed: string } }>().result,
    ).toMatchObject({
      matches: true,
      recomputed: priceAt(at + 60),
    });
    const settled = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/order/listOptionsOrder?status=settled',
      headers: user.auth,
    });
    expect(settled.json<{ result: { total: number } }>().result.total).toBe(2);
    // Each result is told once, with its payout.
    const told = await notificationsOf(t, user.auth, 'option_settled');
    expect(told.map((n) => [n.params.result, n.params.amount]).sort()).toEqual(
      [
        ['won', winner.payout],
        ['lost', '0'],
      ].sort(),
    );
  });

  it('settles a tick in parts by user: a part that fails leaves the other settled, and retries alone', async () => {
    // Traders until each of the two parts (users whose house shards share a parity) has one.
    const byPart = new Map<number, Awaited<ReturnType<typeof trader>>>();
    while (byPart.size < 2) {
      const user = await trader(t, '1000');
      byPart.set(houseShardOf(user.user.id) % 2, user);
    }
    const [a, b] = [byPart.get(0)!, byPart.get(1)!];
    const at = movingSecond(clock.seconds + 1);
    await advance(t, clock, at);
    const ids = new Map<number, number[]>();
    for (const user of [a, b])
      for (const direction of ['up', 'down']) {
        const bought = await buy(user.auth, {
          code: 'BTCUSDT',
          direction,
          seconds: 60,
          amount: '100',
        });
        expect(bought.code).toBe(200);
        ids.set(user.user.id, [...(ids.get(user.user.id) ?? []), bought.result.id]);
      }
    // b's stakes leave its options bucket behind the platform's back: b's part cannot settle.
    const move = (from: 'options' | 'available', to: 'options' | 'available') =>
      postAlone(t.database.db, {
        kind: 'test.move',
        ref: randomUUID(),
        mode: 'real',
        postings: transferPostings(
          { owner: 'user', userId: b.user.id, bucket: from },
          { owner: 'user', userId: b.user.id, bucket: to },
          'USDT',
          '200',
        ),
      });
    await move('options', 'available');
    const read = async (user: typeof a) =>
      Promise.all(
        (ids.get(user.user.id) ?? []).map(
          async (id) =>
            (
              await t.app.inject({
                method: 'GET',
                url: `/swx/customer/order/getOptionsOrderById/${id}`,
                headers: user.auth,
              })
            ).json<{ result: Order }>().result,
        ),
      );
    await advance(t, clock, at + 60);
    const settledA = await read(a);
    expect(settledA.map((o) => o.state).every((s) => s !== 'running')).toBe(true);
    expect(settledA.map((o) => o.settleTick?.ts)).toEqual([
      new Date((at + 60) * 1000).toISOString(),
      new Date((at + 60) * 1000).toISOString(),
    ]);
    expect((await read(b)).map((o) => o.state)).toEqual(['running', 'running']);
    expect((await balances(a.user.id)).options).toBe('0');

    // Put back, b's part settles at the next tick, once; a's orders are not settled again.
    await move('available', 'options');
    await advance(t, clock, at + 61);
    const settledB = await read(b);
    expect(settledB.map((o) => o.state).every((s) => s !== 'running')).toBe(true);
    expect(settledB.map((o) => o.settleTick?.price)).toEqual([priceAt(at + 61), priceAt(at + 61)]);
    expect(await read(a)).toEqual(settledA);
    for (const user of [a, b]) {
      expect((await balances(user.user.id)).options).toBe('0');
      expect(await notificationsOf(t, user.auth, 'option_settled')).toHaveLength(2);
    }
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });

  it('settles once even when the expiry is handed over twice', async () => {
    const user = await trader(t, '1000');
    const order = await buy(user.auth, {
      code: 'BTCUSDT',
      direction: 'up',
      seconds: 30,
      amount: '100',
    });
    const due = Math.ceil(Date.parse(order.result.expiresAt) / 1000);
    const tick = feedTickAt(due);
    const module = {
      expiring: [{ kind: 'options.expiry', id: order.result.id, code: 'BTCUSDT', due }],
      resting: [],
    };
    t.triggers.book.remove('options.expiry', order.result.id);
    t.triggers.book.expire(module.expiring[0]!);
    t.triggers.book.expire(module.expiring[0]!);
    await Promise.all([t.triggers.check(tick), t.triggers.check(tick)]);
    t.triggers.book.expire(module.expiring[0]!);
    await t.triggers.check(tick);
    const after = await balances(user.user.id);
    expect(after.options).toBe('0');
    expect(['900', '1000', '1020']).toContain(after.available);
  });

  it('settles from the terms an expiry carries or, without them, from the stored order; a repeat records nothing', async () => {
    const user = await trader(t, '1000');
    const first = await buy(user.auth, {
      code: 'BTCUSDT',
      direction: 'up',
      seconds: 30,
      amount: '100',
    });
    const second = await buy(user.auth, {
      code: 'BTCUSDT',
      direction: 'down',
      seconds: 30,
      amount: '50',
    });
    const due = Math.ceil(Date.parse(first.result.expiresAt) / 1000);
    expect(Math.ceil(Date.parse(second.result.expiresAt) / 1000)).toBe(due);
    const tick = feedTickAt(due);
    const [row] = await t.database.db
      .select()
      .from(optionsOrders)
      .where(eq(optionsOrders.id, first.result.id));
    if (!row) throw new Error('order missing');
    const carried = expiryOf(row);
    expect(carried.terms?.openPrice).toBeTruthy();
    // One as the buying node shares it, one as a node of an earlier release did: no terms.
    const bare = {
      kind: EXPIRY_KIND,
      id: second.result.id,
      code: 'BTCUSDT',
      due,
      userId: user.user.id,
    };
    const settleTicks = async () => {
      const { rows } = (await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from recorded_ticks where reason = ${`options:settle:${due}`}`,
      )) as { rows: { n: number }[] };
      return rows[0]?.n;
    };
    const before = await settleTicks();
    const handOver = async () => {
      for (const id of [first.result.id, second.result.id]) t.triggers.book.remove(EXPIRY_KIND, id);
      t.triggers.book.expire(carried);
      t.triggers.book.expire(bare);
      await t.triggers.check(tick);
    };
    await handOver();

    const orders = await Promise.all(
      [first, second].map(
        async (o) =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/swx/customer/order/getOptionsOrderById/${o.result.id}`,
              headers: user.auth,
            })
          ).json<{ result: Order }>().result,
      ),
    );
    for (const order of orders) {
      expect(order.state).not.toBe('running');
      expect(order.settleTick?.price).toBe(dec(tick.price).toFixed(btc().row.precision));
    }
    expect(await settleTicks()).toBe((before ?? 0) + 1);
    const after = await balances(user.user.id);
    expect(after.options).toBe('0');

    // Handed over again (another node's copy): nothing is settled twice, and no tick is recorded.
    await handOver();
    expect(await settleTicks()).toBe((before ?? 0) + 1);
    expect(await balances(user.user.id)).toEqual(after);
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });

  it.each([
    [{ code: 'BTCUSDT', direction: 'up', seconds: 45, amount: '100' }, 10017],
    [{ code: 'BTCUSDT', direction: 'up', seconds: 60, amount: '5' }, 10016],
    [{ code: 'BTCUSDT', direction: 'up', seconds: 60, amount: '60000' }, 10016],
    [{ code: 'BTCUSDT', direction: 'up', seconds: 60, amount: '10.0000001' }, 10016],
    [{ code: 'NOPEUSDT', direction: 'up', seconds: 60, amount: '100' }, 10014],
    [{ code: 'BTCUSDT', direction: 'up', seconds: 60, amount: '2000' }, 10092],
  ])('refuses %j with %i and moves nothing', async (payload, code) => {
    const user = await trader(t, '1000');
    expect((await buy(user.auth, payload)).code).toBe(code);
    expect(await balances(user.user.id)).toEqual({ available: '1000', options: '0' });
  });

  it('refuses a closed market with 10015', async () => {
    // Saturday: the forex calendar is closed.
    const saturday = Date.UTC(2026, 10, 21, 12) / 1000;
    const user = await trader(t, '1000');
    const previous = clock.seconds;
    clock.seconds = saturday;
    try {
      expect(
        (await buy(user.auth, { code: 'EURUSD', direction: 'up', seconds: 60, amount: '100' }))
          .code,
      ).toBe(10015);
    } finally {
      clock.seconds = previous;
    }
  });

  it('trades demo balances in demo mode', async () => {
    const user = await registerByEmail(t);
    const before = await balances(user.user.id, 'demo');
    const order = await buy(
      user.auth,
      { code: 'ETHUSDT', direction: 'down', seconds: 30, amount: '10' },
      'demo',
    );
    expect(order.code).toBe(200);
    expect((await balances(user.user.id, 'demo')).available).toBe(
      dec(before.available).minus(10).toFixed(),
    );
  });

  it('does not show another customer’s order', async () => {
    const owner = await trader(t, '1000');
    const other = await trader(t, '0');
    const order = await buy(owner.auth, {
      code: 'BTCUSDT',
      direction: 'up',
      seconds: 30,
      amount: '10',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/order/getOptionsOrderById/${order.result.id}`,
      headers: other.auth,
    });
    expect(res.json<{ code: number }>().code).toBe(10101);
  });
});
