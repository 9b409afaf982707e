import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from '../../../test/support/accounts';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { orderHeaders, trader } from '../../../test/support/trading';
import { selectUserBalances } from '../ledger';
import { executionPrice } from '../triggers';

const START = 1_795_300_000;
const clock = new FakeClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
}, 60_000);
afterAll(async () => t.close());

type Auth = { authorization: string };
type Quote = { quoteId: string; rate: string; fee: string; receive: string; expiresAt: string };

async function dh(auth: Auth, payload: object, mode: 'real' | 'demo' = 'real', key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/user/dh',
    headers: orderHeaders(auth, mode, key),
    payload,
  });
  return res.json<{ code: number; result: Quote & { id?: number } }>();
}

async function balance(userId: number, asset: string, mode: 'real' | 'demo' = 'real') {
  const rows = await selectUserBalances(t.database.db, userId, mode);
  return dec(
    rows.find((r) => r.asset === asset && r.bucket === 'available')?.balance ?? '0',
  ).toFixed();
}

describe('convert', () => {
  it('quotes at the feed and converts at exactly the quoted figures', async () => {
    const user = await trader(t, '1000');
    const instrument = t.markets.byCodeOf('BTCUSDT');
    if (!instrument) throw new Error('BTCUSDT missing');
    const ask = executionPrice(
      instrument,
      t.markets.source.priceAt(instrument.spec, clock.seconds),
      'buy',
    );
    const quote = await dh(user.auth, { step: 'quote', from: 'USDT', to: 'BTC', amount: '500' });
    expect(quote.code).toBe(200);
    const gross = dec('500').div(ask).toDecimalPlaces(8, 1);
    expect(quote.result.receive).toBe(
      gross.minus(gross.times('0.001').toDecimalPlaces(8, 0)).toFixed(),
    );
    expect(quote.result.expiresAt).toBe(new Date((clock.seconds + 10) * 1000).toISOString());
    // The price moves on; the acceptance still converts at the quoted figures.
    clock.seconds += 9;
    const done = await dh(user.auth, {
      step: 'accept',
      quoteId: quote.result.quoteId,
      from: 'USDT',
      to: 'BTC',
      amount: '500',
    });
    expect(done.code).toBe(200);
    expect(done.result.receive).toBe(quote.result.receive);
    expect(await balance(user.user.id, 'USDT')).toBe('500');
    expect(await balance(user.user.id, 'BTC')).toBe(quote.result.receive);
    const list = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/listConvert',
      headers: user.auth,
    });
    expect(list.json<{ result: { total: number } }>().result.total).toBe(1);
  });

  it('refuses an expired quote (10128), an altered one or another user’s (10129), and a second acceptance (10134)', async () => {
    const user = await trader(t, '1000');
    const other = await trader(t, '1000');
    const body = { from: 'USDT', to: 'ETH', amount: '100' };
    const expiring = await dh(user.auth, { step: 'quote', ...body });
    clock.seconds += 11;
    expect(
      (await dh(user.auth, { step: 'accept', quoteId: expiring.result.quoteId, ...body })).code,
    ).toBe(10128);
    const quote = await dh(user.auth, { step: 'quote', ...body });
    expect(
      (
        await dh(user.auth, {
          step: 'accept',
          quoteId: quote.result.quoteId,
          ...body,
          amount: '101',
        })
      ).code,
    ).toBe(10129);
    expect(
      (await dh(other.auth, { step: 'accept', quoteId: quote.result.quoteId, ...body })).code,
    ).toBe(10129);
    expect(
      (await dh(user.auth, { step: 'accept', quoteId: quote.result.quoteId, ...body })).code,
    ).toBe(200);
    expect(
      (await dh(user.auth, { step: 'accept', quoteId: quote.result.quoteId, ...body })).code,
    ).toBe(10134);
    expect(await balance(user.user.id, 'USDT')).toBe('900');
    expect(await balance(other.user.id, 'USDT')).toBe('1000');
  });

  it('20 concurrent acceptances of one quote convert once', async () => {
    const user = await trader(t, '1000');
    const body = { from: 'USDT', to: 'BTC', amount: '100' };
    const quote = await dh(user.auth, { step: 'quote', ...body });
    const codes = await Promise.all(
      Array.from({ length: 20 }, () =>
        dh(user.auth, { step: 'accept', quoteId: quote.result.quoteId, ...body }).then(
          (r) => r.code,
        ),
      ),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(await balance(user.user.id, 'USDT')).toBe('900');
  });

  it('refuses more than the balance (10092), moving nothing', async () => {
    const user = await trader(t, '50');
    const body = { from: 'USDT', to: 'BTC', amount: '100' };
    const quote = await dh(user.auth, { step: 'quote', ...body });
    expect(
      (await dh(user.auth, { step: 'accept', quoteId: quote.result.quoteId, ...body })).code,
    ).toBe(10092);
    expect(await balance(user.user.id, 'USDT')).toBe('50');
    expect(await balance(user.user.id, 'BTC')).toBe('0');
  });

  it.each([
    [{ from: 'USDT', to: 'USDT', amount: '10' }, 10100],
    [{ from: 'USDT', to: 'NOPE', amount: '10' }, 10100],
    [{ from: 'USDT', to: 'BTC', amount: '10.1234567' }, 10016],
  ])('refuses the quote %j with %i', async (body, code) => {
    const user = await trader(t, '100');
    expect((await dh(user.auth, { step: 'quote', ...body })).code).toBe(code);
  });

  it('converts demo balances in demo mode', async () => {
    const user = await registerByEmail(t);
    const before = await balance(user.user.id, 'USDT', 'demo');
    const body = { from: 'USDT', to: 'BTC', amount: '10' };
    const quote = await dh(user.auth, { step: 'quote', ...body }, 'demo');
    expect(
      (await dh(user.auth, { step: 'accept', quoteId: quote.result.quoteId, ...body }, 'demo'))
        .code,
    ).toBe(200);
    expect(await balance(user.user.id, 'USDT', 'demo')).toBe(dec(before).minus(10).toFixed());
    expect(await balance(user.user.id, 'BTC', 'demo')).toBe(quote.result.receive);
    // A demo quote is not accepted in real mode.
    const again = await dh(user.auth, { step: 'quote', ...body }, 'demo');
    expect(
      (await dh(user.auth, { step: 'accept', quoteId: again.result.quoteId, ...body }, 'real'))
        .code,
    ).toBe(10129);
  });

  it('lists the convert assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swx/customer/index/listConvertAssets' });
    const assets = res.json<{ result: string[] }>().result;
    expect(assets[0]).toBe('USDT');
    expect(assets).toContain('BTC');
    expect(assets).toContain('ETH');
  });
});
