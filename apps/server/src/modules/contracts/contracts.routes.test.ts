import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsOf } from '../../../test/support/accounts';
import { advance, createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { orderHeaders, trader } from '../../../test/support/trading';
import { selectUserBalances } from '../ledger';
import { executionPrice } from '../triggers';

const START = 1_795_100_000;
const clock = new FakeClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
}, 60_000);
afterAll(async () => t.close());

type Tick = { id: number; price: string; ts: string; source: string };
type Contract = {
  id: number;
  orderNo: string;
  state: string;
  openPrice: string | null;
  closePrice: string | null;
  margin: string;
  fee: string;
  profit: string | null;
  closeReason: string | null;
  liquidationPrice: string | null;
  openTick: Tick | null;
  closeTick: Tick | null;
};
type Auth = { authorization: string };

const btc = () => {
  const instrument = t.markets.byCodeOf('BTCUSDT');
  if (!instrument) throw new Error('BTCUSDT missing');
  return instrument;
};
const feed = (s: number) => t.markets.source.priceAt(btc().spec, s);
const ask = (s: number) => executionPrice(btc(), feed(s), 'buy');
const bid = (s: number) => executionPrice(btc(), feed(s), 'sell');

async function post<T>(auth: Auth, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: orderHeaders(auth), payload });
  return res.json<{ code: number; result: T }>();
}
const buy = (auth: Auth, payload: object) =>
  post<Contract>(auth, '/swx/customer/order/buyU', {
    code: 'BTCUSDT',
    lots: '0.1',
    leverage: 10,
    type: 'market',
    ...payload,
  });

async function read(
  auth: Auth,
  id: number,
  status: 'awaiting' | 'open' | 'closed',
): Promise<Contract | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/swx/customer/order/listUOrder?status=${status}&pageSize=100`,
    headers: auth,
  });
  return res.json<{ result: { list: Contract[] } }>().result.list.find((c) => c.id === id);
}

async function usdt(userId: number) {
  const rows = await selectUserBalances(t.database.db, userId, 'real');
  const of = (bucket: string) =>
    dec(rows.find((r) => r.asset === 'USDT' && r.bucket === bucket)?.balance ?? '0');
  return { available: of('available'), frozen: of('frozen'), margin: of('margin') };
}

/** The first second in (from, to] where `test` holds. */
function first(from: number, to: number, test: (s: number) => boolean): number {
  for (let s = from + 1; s <= to; s++) if (test(s)) return s;
  throw new Error(`nothing in (${from}, ${to}]`);
}

describe('contract positions', () => {
  it('opens long at the ask and closes at the bid with the exact ledger effects', async () => {
    const user = await trader(t, '10000');
    const at = clock.seconds;
    const opened = await buy(user.auth, { direction: 'long' });
    expect(opened.code).toBe(200);
    expect(opened.result.openPrice).toBe(ask(at));
    const notional = dec(ask(at)).times('0.1');
    expect(opened.result.margin).toBe(notional.div(10).toDecimalPlaces(6, 0).toFixed());
    expect(opened.result.fee).toBe(notional.times('0.001').toDecimalPlaces(6, 0).toFixed());
    expect(opened.result.openTick).toMatchObject({
      price: feed(at),
      ts: new Date(at * 1000).toISOString(),
    });
    // The id names the tick recorded for this opening (sent in one message with the order's insert
    // on PostgreSQL), which anyone can verify.
    const verify = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/index/verifyTick/${opened.result.openTick?.id ?? 0}`,
    });
    expect(verify.json<{ result: object }>().result).toMatchObject({
      reason: `contract:${opened.result.orderNo}:open`,
      recorded: { price: feed(at), ts: new Date(at * 1000).toISOString() },
      matches: true,
    });
    const afterOpen = await usdt(user.user.id);
    expect(afterOpen.margin.toFixed()).toBe(opened.result.margin);
    expect(afterOpen.available.toFixed()).toBe(
      dec('10000').minus(opened.result.margin).minus(opened.result.fee).toFixed(),
    );

    await advance(t, clock, at + 30);
    const closed = await post<Contract>(user.auth, '/swx/customer/order/stopU', {
      id: opened.result.id,
    });
    expect(closed.code).toBe(200);
    expect(closed.result).toMatchObject({
      state: 'closed',
      closeReason: 'user',
      closePrice: bid(at + 30),
    });
    const pnl = dec(bid(at + 30))
      .minus(ask(at))
      .times('0.1');
    expect(dec(closed.result.profit ?? '0').toFixed()).toBe(pnl.toDecimalPlaces(6, 1).toFixed());
    const end = await usdt(user.user.id);
    expect(end.margin.toFixed()).toBe('0');
    expect(end.available.toFixed()).toBe(
      dec('10000')
        .minus(opened.result.fee)
        .plus(closed.result.profit ?? '0')
        .toFixed(),
    );
    expect(
      (await post(user.auth, '/swx/customer/order/stopU', { id: opened.result.id })).code,
    ).toBe(10134);
  });

  it('a limit order waits with its margin and fee frozen and opens at the tick that reaches it', async () => {
    const user = await trader(t, '10000');
    const at = clock.seconds;
    // A limit a little below the lowest ask of the next few seconds, reached later on the path.
    const limit = dec(ask(at)).times('0.9995').toFixed(2);
    const fill = first(at, at + 86_400, (s) => dec(ask(s)).lte(limit));
    const placed = await buy(user.auth, { direction: 'long', type: 'limit', price: limit });
    expect(placed.code).toBe(200);
    expect(placed.result.state).toBe('awaiting');
    const frozen = dec(placed.result.margin).plus(placed.result.fee);
    expect((await usdt(user.user.id)).frozen.toFixed()).toBe(frozen.toFixed());

    await advance(t, clock, fill - 1);
    expect((await read(user.auth, placed.result.id, 'awaiting'))?.state).toBe('awaiting');
    await advance(t, clock, fill + 1);
    const open = await read(user.auth, placed.result.id, 'open');
    expect(open).toMatchObject({ state: 'open', openPrice: ask(fill) });
    expect(open?.openTick).toMatchObject({
      price: feed(fill),
      ts: new Date(fill * 1000).toISOString(),
    });
    const balances = await usdt(user.user.id);
    expect(balances.frozen.toFixed()).toBe('0');
    expect(balances.margin.toFixed()).toBe(open?.margin);
    expect(balances.available.toFixed()).toBe(
      dec('10000')
        .minus(open?.margin ?? '0')
        .minus(open?.fee ?? '0')
        .toFixed(),
    );
  });

  it('take profit and stop loss close at the first tick that reaches them, at that tick', async () => {
    const user = await trader(t, '10000');
    const at = clock.seconds;
    const window = 3_600;
    let high = at + 1;
    let low = at + 1;
    for (let s = at + 2; s <= at + window; s++) {
      if (dec(bid(s)).gt(bid(high))) high = s;
      if (dec(bid(s)).lt(bid(low))) low = s;
    }
    const entry = ask(at);
    expect(dec(bid(high)).gt(entry) && dec(bid(low)).lt(entry)).toBe(true);
    const tp = await buy(user.auth, { direction: 'long', takeProfit: bid(high) });
    const sl = await buy(user.auth, { direction: 'long', stopLoss: bid(low) });
    expect([tp.code, sl.code]).toEqual([200, 200]);
    const tpAt = first(at, at + window, (s) => dec(bid(s)).gte(bid(high)));
    const slAt = first(at, at + window, (s) => dec(bid(s)).lte(bid(low)));
    await advance(t, clock, at + window);
    const closedTp = await read(user.auth, tp.result.id, 'closed');
    const closedSl = await read(user.auth, sl.result.id, 'closed');
    expect(closedTp).toMatchObject({ closeReason: 'tp', closePrice: bid(tpAt) });
    expect(closedTp?.closeTick?.ts).toBe(new Date(tpAt * 1000).toISOString());
    expect(closedSl).toMatchObject({ closeReason: 'sl', closePrice: bid(slAt) });
    expect(closedSl?.closeTick?.ts).toBe(new Date(slAt * 1000).toISOString());
    const closes = await notificationsOf(t, user.auth, 'position_closed');
    expect(closes.map((n) => [n.params.closedBy, n.params.price]).sort()).toEqual(
      [
        ['sl', dec(bid(slAt)).toFixed()],
        ['tp', dec(bid(tpAt)).toFixed()],
      ].sort(),
    );
  });

  it('liquidates on a price path, paying back what is left of the margin', async () => {
    const user = await trader(t, '10000');
    const at = clock.seconds;
    const long = await buy(user.auth, { direction: 'long', leverage: 50 });
    const short = await buy(user.auth, { direction: 'short', leverage: 50 });
    const liqLong = long.result.liquidationPrice ?? '0';
    const liqShort = short.result.liquidationPrice ?? '0';
    const when = first(
      at,
      at + 14 * 86_400,
      (s) => dec(bid(s)).lte(liqLong) || dec(ask(s)).gte(liqShort),
    );
    await advance(t, clock, when);
    const isLong = dec(bid(when)).lte(liqLong);
    const victim = await read(user.auth, (isLong ? long : short).result.id, 'closed');
    expect(victim).toMatchObject({
      closeReason: 'liquidation',
      closePrice: isLong ? bid(when) : ask(when),
    });
    expect(victim?.closeTick?.ts).toBe(new Date(when * 1000).toISOString());
    // At the liquidation price, margin + PnL is at most 20 % of the margin; never below zero.
    const payout = dec(victim?.margin ?? '0').plus(victim?.profit ?? '0');
    expect(payout.gte(0) && payout.lte(dec(victim?.margin ?? '0').times('0.2'))).toBe(true);
    const other = isLong ? short : long;
    await post(user.auth, '/swx/customer/order/stopU', { id: other.result.id });
  });

  it.each([
    [{ direction: 'long', leverage: 7 }, 10133],
    [{ direction: 'long', lots: '0.001' }, 10016],
    [{ direction: 'long', lots: '-1' }, 10016],
    [{ direction: 'long', stopLoss: '99999999' }, 10130],
    [{ direction: 'long', takeProfit: '1' }, 10131],
    [{ direction: 'short', stopLoss: '1', takeProfit: '99999999' }, 10132],
    [{ direction: 'long', type: 'limit' }, 10016],
    [{ direction: 'long', lots: '1000' }, 10092],
  ])('refuses %j with %i and moves nothing', async (payload, code) => {
    const user = await trader(t, '1000');
    expect((await buy(user.auth, payload)).code).toBe(code);
    expect((await usdt(user.user.id)).available.toFixed()).toBe('1000');
  });

  it('another customer cannot close a position', async () => {
    const owner = await trader(t, '10000');
    const other = await trader(t, '10000');
    const opened = await buy(owner.auth, { direction: 'short' });
    expect(
      (await post(other.auth, '/swx/customer/order/stopU', { id: opened.result.id })).code,
    ).toBe(10101);
    expect((await read(owner.auth, opened.result.id, 'open'))?.state).toBe('open');
  });
});
