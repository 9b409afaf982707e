import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { fund, orderHeaders, trader } from '../../../test/support/trading';

const START = 1_795_400_000;
const clock = new FakeClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
}, 60_000);
afterAll(async () => t.close());

type Auth = { authorization: string };
const get = async <T>(auth: Auth, url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: auth })).json<{ code: number; result: T }>();
const send = async (auth: Auth, url: string, payload: object) =>
  (await t.app.inject({ method: 'POST', url, headers: orderHeaders(auth), payload })).json<{
    code: number;
    result: { id: number };
  }>();

describe('account figures', () => {
  it('shows one asset’s buckets and its value at the feed price', async () => {
    const user = await trader(t, '1000');
    await fund(t, user.user.id, 'BTC', '0.5');
    const instrument = t.markets.byCodeOf('BTCUSDT');
    if (!instrument) throw new Error('BTCUSDT missing');
    const price = t.markets.source.priceAt(instrument.spec, clock.seconds);
    const btc = await get<{ available: string; total: string; valueUsdt: string; price: string }>(
      user.auth,
      '/swx/customer/order/getAssestInfo/btc',
    );
    expect(btc.result).toMatchObject({
      available: '0.5',
      total: '0.5',
      price,
      valueUsdt: dec('0.5').times(price).toFixed(2),
    });
    await send(user.auth, '/swx/customer/order/buyOptions', {
      code: 'BTCUSDT',
      direction: 'up',
      seconds: 60,
      amount: '100',
    });
    const usdt = await get<{
      available: string;
      options: string;
      total: string;
      valueUsdt: string;
      price: null;
    }>(user.auth, '/swx/customer/order/getAssestInfo/USDT');
    expect(usdt.result).toMatchObject({
      available: '900',
      options: '100',
      total: '1000',
      valueUsdt: '1000.00',
      price: null,
    });
    const all = await get<{ list: { asset: string }[]; totalUsdt: string }>(
      user.auth,
      '/swx/customer/order/listAssets',
    );
    expect(all.result.list.map((a) => a.asset).sort()).toEqual(['BTC', 'USDT']);
    expect(all.result.totalUsdt).toBe(dec(btc.result.valueUsdt).plus('1000').toFixed(2));
  });

  it('lists every ledger entry with the balance after it, filtered by product and asset', async () => {
    const user = await trader(t, '1000');
    await send(user.auth, '/swx/customer/order/buyOptions', {
      code: 'BTCUSDT',
      direction: 'down',
      seconds: 30,
      amount: '40',
    });
    await send(user.auth, '/swx/customer/order/buyU', {
      code: 'BTCUSDT',
      direction: 'long',
      lots: '0.01',
      leverage: 10,
      type: 'market',
    });
    type Page = {
      total: number;
      list: {
        kind: string;
        product: string;
        asset: string;
        bucket: string;
        amount: string;
        balanceAfter: string;
      }[];
    };
    const options = await get<Page>(
      user.auth,
      '/swx/customer/user/listTransactions?product=options',
    );
    expect(options.result.list.map((e) => [e.kind, e.bucket, e.amount, e.balanceAfter])).toEqual([
      ['options.buy', 'options', '40', '40'],
      ['options.buy', 'available', '-40', '960'],
    ]);
    const contract = await get<Page>(
      user.auth,
      '/swx/customer/user/listTransactions?product=contract&asset=usdt',
    );
    expect(contract.result.list.every((e) => e.product === 'contract' && e.asset === 'USDT')).toBe(
      true,
    );
    const other = await get<Page>(user.auth, '/swx/customer/user/listTransactions?product=other');
    expect(other.result.list.map((e) => e.kind)).toEqual(['test.fund']);
    const everything = await get<Page>(
      user.auth,
      '/swx/customer/user/listTransactions?pageSize=100',
    );
    // The entries of the available bucket add up to its balance.
    const available = everything.result.list.filter(
      (e) => e.bucket === 'available' && e.asset === 'USDT',
    );
    expect(available.reduce((s, e) => s.plus(e.amount), dec('0')).toFixed()).toBe(
      available[0]?.balanceAfter,
    );
  });

  it('totals realised and unrealised results and fees by product', async () => {
    const user = await trader(t, '10000');
    await send(user.auth, '/swx/customer/order/buyOptions', {
      code: 'BTCUSDT',
      direction: 'up',
      seconds: 30,
      amount: '100',
    });
    const opened = await send(user.auth, '/swx/customer/order/buyU', {
      code: 'BTCUSDT',
      direction: 'short',
      lots: '0.1',
      leverage: 10,
      type: 'market',
    });
    await advance(t, clock, clock.seconds + 40);
    type Totals = {
      products: {
        product: string;
        realised: Record<string, string>;
        unrealised: string;
        fees: Record<string, string>;
      }[];
      realised: Record<string, string>;
    };
    const totals = await get<Totals>(user.auth, '/swx/customer/order/getProfitTotal');
    const byProduct = Object.fromEntries(totals.result.products.map((p) => [p.product, p]));
    const options = await get<{ list: { profit: string }[] }>(
      user.auth,
      '/swx/customer/order/listOptionsOrder?status=settled',
    );
    expect(byProduct.options?.realised.all).toBe(
      dec(options.result.list[0]?.profit ?? 'NaN').toFixed(2),
    );
    expect(byProduct.contract?.fees.all).not.toBe('0.00');
    expect(dec(byProduct.contract?.unrealised ?? '0').isZero()).toBe(false);
    await send(user.auth, '/swx/customer/order/stopU', { id: opened.result.id });
    const after = await get<Totals>(user.auth, '/swx/customer/order/getProfitTotal');
    expect(after.result.products.find((p) => p.product === 'contract')?.unrealised).toBe('0.00');
  });
});
