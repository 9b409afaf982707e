import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from '../../../test/support/accounts';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { fund, orderHeaders, setWithdrawPassword } from '../../../test/support/trading';
import { selectUserBalances } from '../ledger';

const HOUR = 3600;
const clock = new FakeClock(1_797_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
}, 60_000);
afterAll(() => t.close());

type Auth = { authorization: string };
type Reply<T = Record<string, unknown>> = { code: number; result: T };
interface Book {
  whitelist: boolean;
  holdHours: number;
  list: { id: number; address: string; label: string; usableFrom: string }[];
}

const TRON_A = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const TRON_B = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

async function call<T = Record<string, unknown>>(
  auth: Auth,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url: `/swx/customer/user/${path}`,
    headers: method === 'POST' ? orderHeaders(auth) : { ...auth, 'x-account-mode': 'real' },
    ...(payload ? { payload } : {}),
  });
  return res.json<Reply<T>>();
}

async function customer() {
  const user = await registerByEmail(t);
  await setWithdrawPassword(t, user.user.id, '246810');
  await fund(t, user.user.id, 'USDT', '1000');
  return user;
}

const crypto = (address: string) => ({
  method: 'crypto',
  coin: 'USDT',
  network: 'TRC20',
  address,
  amount: '100',
  password: '246810',
});
const bank = {
  method: 'bank',
  bankType: 'SWIFT',
  accountNumber: 'DE89370400440532013000',
  holderName: 'Test Trader',
  amount: '100',
  password: '246810',
};

describe('withdrawal address book', () => {
  it('saves format-checked addresses with labels, once each; refuses bad ones', async () => {
    const user = await customer();
    const add = (body: object) => call(user.auth, 'POST', 'withdrawAddress', body);
    const good = { coin: 'USDT', network: 'TRC20', address: TRON_A, label: 'My wallet' };
    expect((await add({ ...good, address: '0xnotatron' })).code).toBe(10143);
    expect((await add({ ...good, network: 'BTC' })).code).toBe(10144);
    expect((await add({ ...good, label: '' })).code).toBe(10158);
    const saved = await add(good);
    expect(saved.code).toBe(20005);
    expect(saved.result).toMatchObject({
      address: TRON_A,
      label: 'My wallet',
      usableFrom: new Date((clock.seconds + 24 * HOUR) * 1000).toISOString(),
    });
    expect((await add(good)).code).toBe(10117);
    const book = await call<Book>(user.auth, 'GET', 'listWithdrawAddress');
    expect(book.result).toMatchObject({ whitelist: false, holdHours: 24 });
    expect(book.result.list.map((a) => a.label)).toEqual(['My wallet']);
  });

  it('whitelist mode: only saved addresses past their 24-hour hold; no bank withdrawals', async () => {
    const user = await customer();
    await call(user.auth, 'POST', 'withdrawAddress', {
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_A,
      label: 'Cold wallet',
    });
    const on = await call<Book>(user.auth, 'POST', 'withdrawWhitelist', { enabled: true });
    expect(on.result.whitelist).toBe(true);
    const withdraw = (body: object) => call(user.auth, 'POST', 'withdrawal', body);
    expect((await withdraw(crypto(TRON_B))).code).toBe(10159);
    expect((await withdraw(bank)).code).toBe(10159);
    expect((await withdraw(crypto(TRON_A))).code).toBe(10160);
    const available = async () =>
      (await selectUserBalances(t.database.db, user.user.id, 'real')).find(
        (b) => b.bucket === 'available',
      )?.balance;
    expect(Number(await available())).toBe(1000);
    clock.seconds += 24 * HOUR;
    expect((await withdraw(crypto(TRON_A))).code).toBe(20003);
    // Off again: any address as before.
    await call(user.auth, 'POST', 'withdrawWhitelist', { enabled: false });
    expect((await withdraw(crypto(TRON_B))).code).toBe(20003);
  });

  it('another customer’s saved address cannot be read or deleted', async () => {
    const alice = await customer();
    const bob = await customer();
    const saved = await call<{ id: number }>(alice.auth, 'POST', 'withdrawAddress', {
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_A,
      label: 'Alice',
    });
    expect(
      (await call(bob.auth, 'POST', 'withdrawAddress/delete', { id: saved.result.id })).code,
    ).toBe(10101);
    const bobs = await call<Book>(bob.auth, 'GET', 'listWithdrawAddress');
    expect(bobs.result.list).toEqual([]);
    const alices = await call<Book>(alice.auth, 'GET', 'listWithdrawAddress');
    expect(alices.result.list.map((a) => a.id)).toEqual([saved.result.id]);
    const gone = await call<Book>(alice.auth, 'POST', 'withdrawAddress/delete', {
      id: saved.result.id,
    });
    expect(gone.result.list).toEqual([]);
  });
});
