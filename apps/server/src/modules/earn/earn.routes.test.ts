import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRunner, type PeriodicJob } from '../../platform/jobs';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { staffHeaders } from '../../../test/support/staff-session';
import { fund, orderHeaders } from '../../../test/support/trading';
import { notificationsOf, registerByEmail } from '../../../test/support/accounts';
import { findInvariantBreaches, selectUserBalances } from '../ledger';
import { earnAccrualJob } from './earn.jobs';

type Reply<T> = { code: number; result: T };
interface Order {
  id: number;
  state: string;
  paidDays: number;
  accruedProfit: string;
  dailyEarning: string;
  totalEarning: string;
  penalty: string | null;
  refund: string | null;
  nextEarningAt: string | null;
}

const DAY = 86_400;
const START = 1_796_000_000;
const clock = new FakeClock(START);
let t: TestApp;
let admin: Record<string, string>;
let productId = 0;

// The accrual job as it runs in production, under its own name here (the test database is shared
// with other files) and hourly (so that days of catch-up stay a few hundred units).
const job: PeriodicJob = {
  ...earnAccrualJob,
  name: `earn.accrue.${randomUUID()}`,
  periodMs: 3_600_000,
};
const runner = (node = 'test') =>
  createJobsRunner({
    db: t.database.db,
    node,
    jobs: [job],
    maxUnitsPerPass: 10_000,
    clock: () => new Date(clock.seconds * 1000),
  });

beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
  admin = (await staffHeaders(t.database, ['admin'])).headers;
  // The runner's schedule starts with the period running now.
  await runner().runDue();
}, 60_000);
afterAll(async () => t.close());

async function balances(userId: number) {
  const rows = await selectUserBalances(t.database.db, userId, 'real');
  const of = (bucket: string) =>
    rows.find((r) => r.asset === 'USDT' && r.bucket === bucket)?.balance ?? '0';
  return { available: Number(of('available')), earn: Number(of('earn')) };
}

async function customer(usdt = '5000') {
  const user = await registerByEmail(t);
  if (usdt !== '0') await fund(t, user.user.id, 'USDT', usdt);
  return user;
}

function buy(auth: { authorization: string }, body: object, mode: 'real' | 'demo' = 'real') {
  return t.app
    .inject({
      method: 'POST',
      url: '/swx/customer/order/buySmart',
      headers: orderHeaders(auth, mode),
      payload: body,
    })
    .then((r) => r.json<Reply<Order>>());
}

async function plans(auth: { authorization: string }) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/swx/customer/order/listSmartOrder',
    headers: { ...auth, 'x-account-mode': 'real' },
  });
  return res.json<Reply<{ list: Order[] }>>().result.list;
}

/** Some days go by, and the hour in which the last one fell ends (the job settles whole hours). */
async function passDays(days: number) {
  clock.seconds += days * DAY + 3600;
  return runner().runDue();
}

describe('smart trading plan', () => {
  it('staff create a product (checked, audited); customers see it', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/earn/products',
      headers: admin,
      payload: {
        name: 'Steady USDT',
        minAmount: '100',
        maxAmount: '50',
        terms: [{ days: 3, dailyYield: '0.01' }],
        penaltyRate: '0.05',
        enabled: true,
      },
    });
    expect(bad.json<Reply<unknown>>().code).toBe(10100);
    const created = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/earn/products',
      headers: admin,
      payload: {
        name: 'Steady USDT',
        minAmount: '100',
        maxAmount: '10000',
        terms: [
          { days: 7, dailyYield: '0.005' },
          { days: 3, dailyYield: '0.01' },
        ],
        penaltyRate: '0.05',
        enabled: true,
      },
    });
    const product = created.json<Reply<{ id: number; terms: { days: number }[] }>>();
    expect(product.code).toBe(200);
    expect(product.result.terms.map((x) => x.days)).toEqual([3, 7]);
    productId = product.result.id;
    const listed = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/index/listSmartProducts',
    });
    expect(listed.json<Reply<{ id: number }[]>>().result.map((p) => p.id)).toContain(productId);
    const customerTry = await t.app.inject({
      method: 'GET',
      url: '/swx/admin/earn/products',
      headers: (await customer('0')).auth,
    });
    expect(customerTry.statusCode).toBe(401);
  });

  it.each([
    ['an unknown product', () => ({ productId: 999_999, days: 3, amount: '1000' }), 10010],
    ['a length not offered', () => ({ productId, days: 5, amount: '1000' }), 10012],
    ['below the minimum', () => ({ productId, days: 3, amount: '50' }), 10013],
    ['above the maximum', () => ({ productId, days: 3, amount: '20000' }), 10013],
    ['over the scale', () => ({ productId, days: 3, amount: '100.1234567' }), 10013],
    ['a negative amount', () => ({ productId, days: 3, amount: '-100' }), 10013],
    ['more than the balance', () => ({ productId, days: 3, amount: '9000' }), 10092],
  ])('%s is refused (%s) and changes nothing', async (_, body, code) => {
    const user = await customer();
    expect((await buy(user.auth, body())).code).toBe(code);
    expect(await balances(user.user.id)).toEqual({ available: 5000, earn: 0 });
    expect(await plans(user.auth)).toEqual([]);
  });

  it('demo mode is refused with "switch to a real account"', async () => {
    const user = await customer();
    expect((await buy(user.auth, { productId, days: 3, amount: '1000' }, 'demo')).code).toBe(10107);
  });

  it('pays each day once at its time, then returns the principal: profit shared', async () => {
    const user = await customer();
    const bought = await buy(user.auth, { productId, days: 3, amount: '1000' });
    expect(bought.code).toBe(200);
    expect(bought.result).toMatchObject({
      state: 'earning',
      dailyEarning: '10',
      totalEarning: '30',
    });
    expect(await balances(user.user.id)).toEqual({ available: 4000, earn: 1000 });
    // The same product again while it earns.
    expect((await buy(user.auth, { productId, days: 7, amount: '100' })).code).toBe(10024);

    await passDays(1);
    await runner('other node').runDue();
    let [plan] = await plans(user.auth);
    expect(plan).toMatchObject({ paidDays: 1, accruedProfit: '10', state: 'earning' });
    expect(await balances(user.user.id)).toEqual({ available: 4010, earn: 1000 });

    await passDays(5);
    [plan] = await plans(user.auth);
    expect(plan).toMatchObject({
      paidDays: 3,
      accruedProfit: '30',
      state: 'shared',
      nextEarningAt: null,
    });
    expect(await balances(user.user.id)).toEqual({ available: 5030, earn: 0 });
    // Told each run's earnings (day 1, then days 2-3 caught up together) and the end.
    const earnings = await notificationsOf(t, user.auth, 'plan_earning');
    expect(earnings.map((n) => [n.params.amount, n.params.day]).sort()).toEqual([
      ['10', '1'],
      ['20', '3'],
    ]);
    expect((await notificationsOf(t, user.auth, 'plan_ended'))[0]?.params).toMatchObject({
      amount: '1000',
      asset: 'USDT',
    });
    // Bought again once the first has ended.
    expect((await buy(user.auth, { productId, days: 3, amount: '100' })).code).toBe(200);
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });

  it('early exit keeps the penalty, refunds the rest, and paid days stay paid; once only', async () => {
    const user = await customer();
    const bought = await buy(user.auth, { productId, days: 7, amount: '1000' });
    await passDays(2);
    const exit = (id: number, auth = user.auth) =>
      t.app
        .inject({
          method: 'POST',
          url: '/swx/customer/order/exitSmart',
          headers: orderHeaders(auth),
          payload: { id },
        })
        .then((r) => r.json<Reply<Order>>());
    const stranger = await customer('0');
    expect((await exit(bought.result.id, stranger.auth)).code).toBe(10101);
    const done = await exit(bought.result.id);
    expect(done.result).toMatchObject({
      state: 'expired',
      paidDays: 2,
      accruedProfit: '10',
      penalty: '50',
      refund: '950',
    });
    expect(await balances(user.user.id)).toEqual({ available: 4000 + 10 + 950, earn: 0 });
    expect((await exit(bought.result.id)).code).toBe(10134);
    await passDays(10);
    expect(await balances(user.user.id)).toEqual({ available: 4960, earn: 0 });
  });

  it('concurrent buys of one product: exactly one plan, one debit', async () => {
    const user = await customer();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => buy(user.auth, { productId, days: 3, amount: '200' })),
    );
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 10024)).toHaveLength(19);
    expect(await balances(user.user.id)).toEqual({ available: 4800, earn: 200 });
  });

  it('days that came due while no node ran are paid once after the restart, by racing nodes', async () => {
    const user = await customer();
    await buy(user.auth, { productId, days: 7, amount: '2000' });
    clock.seconds += 8 * DAY;
    await Promise.all([runner('a').runDue(), runner('b').runDue()]);
    const [plan] = await plans(user.auth);
    expect(plan).toMatchObject({ paidDays: 7, accruedProfit: '70', state: 'shared' });
    expect(await balances(user.user.id)).toEqual({ available: 5070, earn: 0 });
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });
});

describe('120 days of plans on a fake clock, with a restart in the middle', () => {
  it('pays exactly the days the terms give, each once, and returns every principal', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/earn/products',
      headers: admin,
      payload: {
        name: 'Long run',
        minAmount: '10',
        maxAmount: '100000',
        terms: [
          { days: 7, dailyYield: '0.001' },
          { days: 30, dailyYield: '0.002' },
          { days: 90, dailyYield: '0.003' },
        ],
        penaltyRate: '0.1',
        enabled: true,
      },
    });
    const id = created.json<Reply<{ id: number }>>().result.id;
    // amount, length, days paid and profit at the end (amount x yield x days paid), early exit.
    // The exit on day 20 comes at the very second day 20 falls due, before the job's hour ends:
    // 19 days are paid, and day 20 never is.
    const table = [
      { amount: '1000', days: 7, paid: 7, profit: 7, exitAfter: undefined },
      { amount: '2500', days: 30, paid: 30, profit: 150, exitAfter: undefined },
      { amount: '3333.33', days: 90, paid: 90, profit: 899.9991, exitAfter: undefined },
      { amount: '4000', days: 90, paid: 19, profit: 12 * 19, exitAfter: 20 },
    ];
    const users = [];
    for (const row of table) {
      const user = await customer('5000');
      const bought = await buy(user.auth, { productId: id, days: row.days, amount: row.amount });
      expect(bought.code).toBe(200);
      users.push({ ...row, user, id: bought.result.id });
    }
    for (let day = 1; day <= 120; day++) {
      clock.seconds += DAY;
      // Day 60: every node is down for ten days, then a new one starts and catches up.
      if (day >= 60 && day < 70) continue;
      await runner(day < 60 ? 'first' : 'after-restart').runDue();
      for (const u of users) {
        if (u.exitAfter === day) {
          const exit = await t.app.inject({
            method: 'POST',
            url: '/swx/customer/order/exitSmart',
            headers: orderHeaders(u.user.auth),
            payload: { id: u.id },
          });
          expect(exit.json<Reply<Order>>().code).toBe(200);
        }
      }
    }
    clock.seconds += 3600;
    await runner('after-restart').runDue();
    for (const u of users) {
      const [plan] = await plans(u.user.auth);
      const penalty = u.exitAfter ? Number(u.amount) * 0.1 : 0;
      expect(plan, `${u.amount} for ${u.days} days`).toMatchObject({
        state: u.exitAfter ? 'expired' : 'shared',
        paidDays: u.paid,
      });
      expect(Number(plan!.accruedProfit)).toBeCloseTo(u.profit, 6);
      expect(await balances(u.user.user.id)).toEqual({
        available: Number((5000 + u.profit - penalty).toFixed(6)),
        earn: 0,
      });
    }
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  }, 120_000);
});
