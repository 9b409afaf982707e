import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsOf, registerByEmail } from '../../../test/support/accounts';
import { advance, createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { fund, orderHeaders, trader } from '../../../test/support/trading';
import { selectUserBalances } from '../ledger';
import { executionPrice } from '../triggers';

const START = 1_795_200_000;
const clock = new FakeClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
}, 60_000);
afterAll(async () => t.close());

type Auth = { authorization: string };
type Spot = {
  id: number;
  orderNo: string;
  state: string;
  fillPrice: string | null;
  filledQuantity: string | null;
  filledTurnover: string | null;
  fee: string | null;
  feeAsset: string | null;
  frozenAmount: string | null;
  tick: { id: number; price: string; ts: string } | null;
};

/** The recorded tick an order names, as anyone can look it up. */
async function recorded(order: { tick: { id: number } | null }) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/swx/customer/index/verifyTick/${order.tick?.id ?? 0}`,
  });
  return res.json<{ result: { reason: string; recorded: { price: string; ts: string } } }>().result;
}

const btc = () => {
  const instrument = t.markets.byCodeOf('BTCUSDT');
  if (!instrument) throw new Error('BTCUSDT missing');
  return instrument;
};
const feed = (s: number) => t.markets.source.priceAt(btc().spec, s);
const ask = (s: number) => executionPrice(btc(), feed(s), 'buy');
const bid = (s: number) => executionPrice(btc(), feed(s), 'sell');

async function submit(auth: Auth, payload: object, mode: 'real' | 'demo' = 'real') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/order/submit',
    headers: orderHeaders(auth, mode),
    payload: { code: 'BTCUSDT', ...payload },
  });
  return res.json<{ code: number; result: Spot }>();
}

async function balances(userId: number, mode: 'real' | 'demo' = 'real') {
  const rows = await selectUserBalances(t.database.db, userId, mode);
  const of = (asset: string, bucket: string) =>
    dec(rows.find((r) => r.asset === asset && r.bucket === bucket)?.balance ?? '0').toFixed();
  return {
    usdt: of('USDT', 'available'),
    usdtFrozen: of('USDT', 'frozen'),
    btc: of('BTC', 'available'),
    btcFrozen: of('BTC', 'frozen'),
  };
}

async function orders(auth: Auth, status: 'current' | 'history') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/swx/customer/order/listBbOrder?status=${status}&pageSize=100`,
    headers: auth,
  });
  return res.json<{ result: { list: Spot[] } }>().result.list;
}

describe('spot orders', () => {
  it('buys at the ask and sells at the bid, fees to the fee account, holdings in the ledger', async () => {
    const user = await trader(t, '10000');
    const at = clock.seconds;
    const bought = await submit(user.auth, { side: 'buy', type: 'market', turnover: '1000' });
    expect(bought.code).toBe(200);
    const quantity = dec('1000').div(ask(at)).toDecimalPlaces(8, 1);
    const fee = quantity.times('0.002').toDecimalPlaces(8, 0);
    expect(bought.result).toMatchObject({
      state: 'filled',
      fillPrice: ask(at),
      filledQuantity: quantity.toFixed(),
      filledTurnover: '1000',
      fee: fee.toFixed(),
      feeAsset: 'BTC',
    });
    expect(bought.result.tick).toMatchObject({
      price: feed(at),
      ts: new Date(at * 1000).toISOString(),
    });
    // The tick's id names the tick recorded for this fill.
    expect(await recorded(bought.result)).toMatchObject({
      reason: `spot:${bought.result.orderNo}:fill`,
      recorded: { price: feed(at), ts: new Date(at * 1000).toISOString() },
    });
    expect(await balances(user.user.id)).toMatchObject({
      usdt: '9000',
      btc: quantity.minus(fee).toFixed(),
    });

    const held = quantity.minus(fee).toFixed();
    const sold = await submit(user.auth, { side: 'sell', type: 'market', quantity: held });
    const turnover = dec(held).times(bid(at)).toDecimalPlaces(6, 1);
    const sellFee = turnover.times('0.002').toDecimalPlaces(6, 0);
    expect(sold.result).toMatchObject({
      state: 'filled',
      fillPrice: bid(at),
      filledTurnover: turnover.toFixed(),
      fee: sellFee.toFixed(),
      feeAsset: 'USDT',
    });
    expect(await balances(user.user.id)).toMatchObject({
      usdt: dec('9000').plus(turnover).minus(sellFee).toFixed(),
      btc: '0',
    });
    expect((await orders(user.auth, 'history')).map((o) => o.id)).toEqual([
      sold.result.id,
      bought.result.id,
    ]);
  });

  it('a limit buy freezes its USDT, fills at the tick that reaches it, and returns what it did not use', async () => {
    const user = await trader(t, '10000');
    const at = clock.seconds;
    const limit = dec(ask(at)).times('0.9995').toFixed(2);
    let fill = at + 1;
    while (dec(ask(fill)).gt(limit)) fill++;
    const placed = await submit(user.auth, {
      side: 'buy',
      type: 'limit',
      price: limit,
      quantity: '0.05',
    });
    expect(placed.result.state).toBe('waiting');
    const frozen = dec('0.05').times(limit).toDecimalPlaces(6, 0).toFixed();
    expect(placed.result.frozenAmount).toBe(frozen);
    expect(await balances(user.user.id)).toMatchObject({
      usdtFrozen: frozen,
      usdt: dec('10000').minus(frozen).toFixed(),
    });
    expect((await orders(user.auth, 'current')).map((o) => o.id)).toEqual([placed.result.id]);

    await advance(t, clock, fill - 1);
    expect((await orders(user.auth, 'current')).length).toBe(1);
    await advance(t, clock, fill + 1);
    const [filled] = await orders(user.auth, 'history');
    expect(filled).toMatchObject({ id: placed.result.id, state: 'filled', fillPrice: ask(fill) });
    expect(filled?.tick?.ts).toBe(new Date(fill * 1000).toISOString());
    expect(filled && (await recorded(filled))).toMatchObject({
      reason: `spot:${placed.result.orderNo}:fill`,
      recorded: { price: feed(fill), ts: new Date(fill * 1000).toISOString() },
    });
    const cost = dec('0.05').times(ask(fill)).toDecimalPlaces(6, 0);
    expect(await balances(user.user.id)).toMatchObject({
      usdtFrozen: '0',
      usdt: dec('10000').minus(cost).toFixed(),
      btc: dec('0.05').minus('0.0001').toFixed(),
    });
    // The owner is told of the fill they did not watch happen.
    expect(await notificationsOf(t, user.auth, 'order_filled')).toEqual([
      expect.objectContaining({
        params: { code: 'BTCUSDT', side: 'buy', price: ask(fill), orderNo: filled!.orderNo },
      }),
    ]);
  });

  it('cancels a waiting sell, returning the frozen coins, once', async () => {
    const user = await trader(t, '10000');
    await fund(t, user.user.id, 'BTC', '1');
    const placed = await submit(user.auth, {
      side: 'sell',
      type: 'limit',
      price: dec(bid(clock.seconds)).times(2).toFixed(2),
      quantity: '0.4',
    });
    expect(await balances(user.user.id)).toMatchObject({ btc: '0.6', btcFrozen: '0.4' });
    const cancel = (auth: Auth) =>
      t.app.inject({
        method: 'POST',
        url: '/swx/customer/order/chedan',
        headers: orderHeaders(auth),
        payload: { kind: 'spot', id: placed.result.id },
      });
    const other = await trader(t, '0');
    expect((await cancel(other.auth)).json<{ code: number }>().code).toBe(10101);
    expect((await cancel(user.auth)).json<{ result: { state: string } }>().result.state).toBe(
      'cancelled',
    );
    expect((await cancel(user.auth)).json<{ code: number }>().code).toBe(10134);
    expect(await balances(user.user.id)).toMatchObject({ btc: '1', btcFrozen: '0' });
  });

  it('cancels an awaiting contract order through the same route', async () => {
    const user = await trader(t, '10000');
    const limit = dec(ask(clock.seconds)).times('0.5').toFixed(2);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/order/buyU',
      headers: orderHeaders(user.auth),
      payload: {
        code: 'BTCUSDT',
        direction: 'long',
        lots: '0.1',
        leverage: 10,
        type: 'limit',
        price: limit,
      },
    });
    const id = placed.json<{ result: { id: number } }>().result.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/order/chedan',
      headers: orderHeaders(user.auth),
      payload: { kind: 'contract', id },
    });
    expect(res.json<{ result: { state: string } }>().result).toEqual({ id, state: 'cancelled' });
    expect(await balances(user.user.id)).toMatchObject({ usdt: '10000', usdtFrozen: '0' });
  });

  it('needs a verified identity in real mode (10022), not in demo', async () => {
    const user = await registerByEmail(t);
    await fund(t, user.user.id, 'USDT', '1000');
    expect((await submit(user.auth, { side: 'buy', type: 'market', turnover: '10' })).code).toBe(
      10022,
    );
    expect(
      (await submit(user.auth, { side: 'buy', type: 'market', turnover: '10' }, 'demo')).code,
    ).toBe(200);
  });

  it.each([
    [{ side: 'buy', type: 'market', turnover: '10.1234567' }, 10016],
    [{ side: 'buy', type: 'market', quantity: '0.000000001' }, 10016],
    [{ side: 'buy', type: 'market', turnover: '0.5' }, 10016],
    [{ side: 'sell', type: 'market', turnover: '10' }, 10016],
    [{ side: 'buy', type: 'limit', quantity: '0.1' }, 10016],
    [{ side: 'buy', type: 'limit', quantity: '0.1', price: '1.123' }, 10016],
    [{ side: 'buy', type: 'market', turnover: '2000' }, 10092],
    [{ side: 'sell', type: 'market', quantity: '1' }, 10092],
    [{ code: 'EURUSD', side: 'buy', type: 'market', turnover: '10' }, 10135],
  ])('refuses %j with %i and moves nothing', async (payload, code) => {
    const user = await trader(t, '1000');
    expect((await submit(user.auth, payload)).code).toBe(code);
    expect(await balances(user.user.id)).toMatchObject({ usdt: '1000', usdtFrozen: '0', btc: '0' });
  });
});
