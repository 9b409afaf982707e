import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { staffHeaders } from '../../../test/support/staff-session';
import { orderHeaders, trader } from '../../../test/support/trading';
import { sleep } from '../../../test/support/ws-client';
import { selectUserBalances } from '../ledger';

const clock = new FakeClock(1_795_400_000);
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await staffHeaders(t.database, ['admin'])).headers;
}, 60_000);
afterAll(async () => t.close());

type Auth = { authorization: string };
type Reply<T = Record<string, unknown>> = { code: number; result: T };

const get = async <T>(url: string, headers: Record<string, string> = admin) =>
  (await t.app.inject({ url, headers })).json<Reply<T>>();
const post = async <T>(url: string, payload: object, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'POST', url, payload, headers })).json<Reply<T>>();

async function instrumentId(code: string): Promise<number> {
  const list = await get<{ id: number; code: string }[]>('/swx/admin/instruments');
  const found = list.result.find((i) => i.code === code);
  if (!found) throw new Error(`${code} missing`);
  return found.id;
}

/** Waits until this node's market hub has reloaded the instrument (the bus is asynchronous). */
async function hubSees(
  code: string,
  ok: (row: { feeRate: string | null; enabled: boolean }) => boolean,
) {
  for (let i = 0; i < 100; i++) {
    const row = t.markets.byCodeOf(code)?.row;
    if (row && ok(row)) return;
    await sleep(10);
  }
  throw new Error(`hub never saw the change of ${code}`);
}

async function usdt(userId: number) {
  const rows = await selectUserBalances(t.database.db, userId, 'real');
  const of = (bucket: string) =>
    dec(rows.find((r) => r.asset === 'USDT' && r.bucket === bucket)?.balance ?? '0').toFixed();
  return { available: of('available'), frozen: of('frozen') };
}

describe('options products in the back office', () => {
  type Product = { id: number; code: string; enabled: boolean; periods: { seconds: number }[] };

  it('an admin edits periods (stored sorted, audited); a purchase uses them; others may not', async () => {
    const products = await get<Product[]>('/swx/admin/options/products');
    const eth = products.result.find((p) => p.code === 'ETHUSDT');
    if (!eth) throw new Error('no ETHUSDT product');
    expect(eth.periods.map((p) => p.seconds)).toEqual([30, 60, 120, 300]);
    const url = `/swx/admin/options/products/${eth.id}`;
    const periods = [
      { seconds: 90, payoutRate: '0.35', minAmount: '5', maxAmount: '1000.50' },
      { seconds: 15, payoutRate: '0.150', minAmount: '5', maxAmount: '1000' },
    ];

    const support = (await staffHeaders(t.database, ['support'])).headers;
    expect((await post(url, { periods }, support)).code).toBe(10108);
    const customer = await trader(t, '1000');
    expect((await post(url, { periods }, customer.auth)).code).toBe(401);
    expect((await post(url, { periods: [] }, admin)).code).toBe(10100);
    const bad = await post<{ fields: { path: string }[] }>(
      url,
      {
        periods: [
          { ...periods[0], minAmount: '2000' },
          { ...periods[0], payoutRate: '11' },
        ],
      },
      admin,
    );
    expect(bad.code).toBe(10100);
    expect(bad.result.fields.map((f) => f.path)).toEqual([
      'periods.0.minAmount',
      'periods.1.seconds',
      'periods.1.payoutRate',
    ]);
    expect((await get<Product[]>('/swx/admin/options/products')).result).toContainEqual(eth);

    const saved = await post<Product>(url, { periods }, admin);
    expect(saved).toMatchObject({
      code: 20005,
      result: {
        periods: [
          { seconds: 15, payoutRate: '0.15', minAmount: '5', maxAmount: '1000' },
          { seconds: 90, payoutRate: '0.35', minAmount: '5', maxAmount: '1000.5' },
        ],
      },
    });
    const buy = (seconds: number) =>
      t.app.inject({
        method: 'POST',
        url: '/swx/customer/order/buyOptions',
        headers: orderHeaders(customer.auth),
        payload: { code: 'ETHUSDT', direction: 'up', seconds, amount: '10' },
      });
    expect((await buy(30)).json<Reply>().code).toBe(10017);
    expect((await buy(15)).json<Reply<{ payoutRate: string }>>().result.payoutRate).toBe('0.15');

    await post(url, { enabled: false }, admin);
    expect((await buy(15)).json<Reply>().code).toBe(10014);
    const log = await get<{ list: { target: string; detail: Record<string, unknown> }[] }>(
      '/swx/admin/audit?action=options.product.update&pageSize=5',
    );
    expect(log.result.list[0]).toMatchObject({
      target: 'options:ETHUSDT',
      detail: { enabled: { from: true, to: false } },
    });
    expect(log.result.list[1]?.detail).toHaveProperty('periods.to.0.seconds', 15);
    // The test database is shared with other files: leave the product as it was.
    const restored = await post<Product>(url, { enabled: true, periods: eth.periods }, admin);
    expect(restored.result).toMatchObject({ enabled: true, periods: eth.periods });
  });
});

describe('fee rate per instrument', () => {
  it('replaces the spot and contract parameters on that instrument, shown before the order and stored on it', async () => {
    const id = await instrumentId('SOLUSDT');
    const info = async () =>
      (
        await get<{ spotFeeRate: string; contractFeeRate: string }>(
          `/swx/customer/index/getMarketInfo/${id}`,
        )
      ).result;
    expect(await info()).toMatchObject({ spotFeeRate: '0.002', contractFeeRate: '0.001' });
    expect((await post(`/swx/admin/instruments/${id}`, { feeRate: '0.2' }, admin)).code).toBe(
      10100,
    );

    expect((await post(`/swx/admin/instruments/${id}`, { feeRate: '0.0005' }, admin)).code).toBe(
      20005,
    );
    await hubSees('SOLUSDT', (row) => row.feeRate !== null);
    expect(await info()).toMatchObject({ spotFeeRate: '0.0005', contractFeeRate: '0.0005' });
    const user = await trader(t, '1000');
    const bought = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/order/submit',
      headers: orderHeaders(user.auth),
      payload: { code: 'SOLUSDT', side: 'buy', type: 'market', turnover: '100' },
    });
    const order = bought.json<Reply<{ feeRate: string; fee: string; filledQuantity: string }>>();
    expect(order.result.feeRate).toBe('0.0005');
    expect(order.result.fee).toBe(
      dec(order.result.filledQuantity).times('0.0005').toDecimalPlaces(8, 0).toFixed(),
    );
    const home = await get<{ maxFeeRate: string }>('/swx/customer/index/getPlatformStats');
    expect(home.result.maxFeeRate).toBe('0.002');

    await post(`/swx/admin/instruments/${id}`, { feeRate: null }, admin);
    await hubSees('SOLUSDT', (row) => row.feeRate === null);
    expect(await info()).toMatchObject({ spotFeeRate: '0.002', contractFeeRate: '0.001' });
  });
});

describe('orders of every customer, read-only', () => {
  it('lists each product with owner and ticks, filtered by user and state, for finance and support only', async () => {
    const a = await trader(t, '5000');
    const b = await trader(t, '5000');
    const order = (auth: Auth, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: orderHeaders(auth), payload });
    await order(a.auth, '/swx/customer/order/submit', {
      code: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      turnover: '50',
    });
    await order(b.auth, '/swx/customer/order/buyU', {
      code: 'BTCUSDT',
      direction: 'short',
      lots: '0.01',
      leverage: 10,
      type: 'market',
    });
    await order(b.auth, '/swx/customer/order/buyOptions', {
      code: 'BTCUSDT',
      direction: 'down',
      seconds: 60,
      amount: '10',
    });
    const quote = await order(b.auth, '/swx/customer/user/dh', {
      step: 'quote',
      from: 'USDT',
      to: 'BTC',
      amount: '20',
    });
    const { quoteId } = quote.json<Reply<{ quoteId: string }>>().result;
    await order(b.auth, '/swx/customer/user/dh', {
      step: 'accept',
      quoteId,
      from: 'USDT',
      to: 'BTC',
      amount: '20',
    });

    const finance = (await staffHeaders(t.database, ['finance'])).headers;
    type Page = {
      total: number;
      list: { product: string; userId: number; username: string; mode: string; order: never }[];
    };
    const spot = await get<Page>(`/swx/admin/orders?product=spot&userId=${a.user.id}`, finance);
    expect(spot.result.total).toBe(1);
    expect(spot.result.list[0]).toMatchObject({
      product: 'spot',
      userId: a.user.id,
      username: a.username,
      mode: 'real',
      order: { state: 'filled', tick: { source: 'simulator' } },
    });
    const contract = await get<Page>(
      `/swx/admin/orders?product=contract&userId=${b.user.id}&state=open`,
      finance,
    );
    expect(contract.result.list).toMatchObject([
      { username: b.username, order: { direction: 'short', openTick: { source: 'simulator' } } },
    ]);
    const closed = `/swx/admin/orders?product=contract&userId=${b.user.id}&state=closed`;
    expect((await get<Page>(closed, finance)).result.total).toBe(0);
    const wrongProduct = `/swx/admin/orders?product=contract&userId=${b.user.id}&state=running`;
    expect((await get<Page>(wrongProduct, finance)).result.total).toBe(0);
    const options = await get<Page>(`/swx/admin/orders?product=options&userId=${b.user.id}`);
    expect(options.result.list).toMatchObject([{ order: { state: 'running', settleTick: null } }]);
    const converts = await get<Page>(
      `/swx/admin/orders?product=convert&userId=${b.user.id}&code=BTCUSDT`,
    );
    expect(converts.result.list).toMatchObject([
      { order: { from: 'USDT', to: 'BTC', amount: '20' } },
    ]);
    const other = await get<Page>(
      `/swx/admin/orders?product=convert&code=ETHUSDT&userId=${b.user.id}`,
    );
    expect(other.result.total).toBe(0);

    const kyc = (await staffHeaders(t.database, ['kyc'])).headers;
    expect((await get('/swx/admin/orders?product=spot', kyc)).code).toBe(10108);
    expect((await get('/swx/admin/orders?product=spot', a.auth)).code).toBe(401);
    expect((await get('/swx/admin/orders?product=bonds', finance)).code).not.toBe(200);
  });
});

describe('revoking a disabled instrument’s waiting orders', () => {
  it('returns every frozen amount once, audited, and only after the instrument is disabled', async () => {
    const id = await instrumentId('XRPUSDT');
    const user = await trader(t, '2000');
    const price = t.markets.source.priceAt(t.markets.byCodeOf('XRPUSDT')!.spec, clock.seconds);
    const low = dec(price).times('0.5').toDecimalPlaces(4).toFixed();
    const spot = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/order/submit',
      headers: orderHeaders(user.auth),
      payload: { code: 'XRPUSDT', side: 'buy', type: 'limit', price: low, quantity: '100' },
    });
    expect(spot.json<Reply<{ state: string }>>().result.state).toBe('waiting');
    const contract = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/order/buyU',
      headers: orderHeaders(user.auth),
      payload: {
        code: 'XRPUSDT',
        direction: 'long',
        lots: '1',
        leverage: 10,
        type: 'limit',
        price: low,
      },
    });
    expect(contract.json<Reply<{ state: string }>>().result.state).toBe('awaiting');
    expect(dec((await usdt(user.user.id)).frozen).gt(0)).toBe(true);

    const revoke = (headers = admin) => post(`/swx/admin/instruments/${id}/revoke`, {}, headers);
    const finance = (await staffHeaders(t.database, ['finance'])).headers;
    expect((await revoke(finance)).code).toBe(10108);
    expect((await revoke()).code).toBe(10136);
    expect(await usdt(user.user.id)).toMatchObject({
      available: expect.not.stringMatching(/^2000$/),
    });

    await post(`/swx/admin/instruments/${id}`, { enabled: false }, admin);
    expect(await revoke()).toEqual({
      code: 200,
      msg: expect.any(String),
      result: { code: 'XRPUSDT', spot: 1, contract: 1 },
    });
    expect(await usdt(user.user.id)).toEqual({ available: '2000', frozen: '0' });
    expect((await revoke()).result).toEqual({ code: 'XRPUSDT', spot: 0, contract: 0 });

    const states = await get<{ list: { order: { state: string } }[] }>(
      `/swx/admin/orders?product=spot&userId=${user.user.id}`,
    );
    expect(states.result.list.map((o) => o.order.state)).toEqual(['revoked']);
    const log = await get<{ list: { target: string; detail: object }[] }>(
      '/swx/admin/audit?action=instrument.revoke&pageSize=5',
    );
    expect(log.result.list.map((e) => e.detail)).toEqual([
      { spot: 0, contract: 0 },
      { spot: 1, contract: 1 },
    ]);
    await post(`/swx/admin/instruments/${id}`, { enabled: true }, admin);
  });
});
