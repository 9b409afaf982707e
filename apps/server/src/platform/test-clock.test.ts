import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { staffHeaders } from '../../test/support/staff-session';
import { fund, orderHeaders } from '../../test/support/trading';
import { registerByEmail } from '../../test/support/accounts';
import { earnAccrualJob } from '../modules/earn';
import { ConfigError, loadConfig } from './config';
import { createJobsRunner } from './jobs';
import { createTestClock, TEST_CLOCK_PATH } from './test-clock';

type Reply<T> = { code: number; result: T };
const DAY = 86_400;

describe('the test clock', () => {
  it('is refused in production and off by default', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK:/);
    expect(loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'test' }).TEST_CLOCK).toBe(true);
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
  });

  it('is the wall clock plus what it was moved by, and only moves forward', () => {
    let wall = 1_000_000;
    const clock = createTestClock(() => wall);
    expect(clock.seconds()).toBe(1000);
    expect(clock.advance(DAY).getTime()).toBe(1_000_000 + DAY * 1000);
    wall += 500;
    expect(clock.seconds()).toBe(1000.5 + DAY);
  });
});

describe('a node without the test clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t.close());

  it('has no clock route: nobody can move its time', async () => {
    const before = t.markets.now();
    const reply = await t.app.inject({
      method: 'POST',
      url: TEST_CLOCK_PATH,
      payload: { seconds: DAY },
    });
    expect(reply.statusCode).toBe(404);
    expect(t.markets.now() - before).toBeLessThan(60);
  });
});

describe('a node started with TEST_CLOCK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { TEST_CLOCK: 'true' } });
  }, 60_000);
  afterAll(async () => t.close());

  const move = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: payload as object });

  it.each([[{ seconds: 0 }], [{ seconds: -60 }], [{ seconds: 1.5 }], [{ seconds: '60' }], [{}]])(
    'refuses %j and stays where it was',
    async (payload) => {
      const before = t.markets.now();
      const reply = await move(payload);
      expect(reply.json<Reply<unknown>>().code).toBe(10100);
      expect(t.markets.now() - before).toBeLessThan(60);
    },
  );

  it('moves the feed, the rules and the jobs a day on: the plan bought before pays its first day', async () => {
    const admin = (await staffHeaders(t.database, ['admin'])).headers;
    const product = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/earn/products',
      headers: admin,
      payload: {
        name: `Clock ${randomUUID().slice(0, 6)}`,
        minAmount: '100',
        maxAmount: '10000',
        terms: [{ days: 7, dailyYield: '0.005' }],
        penaltyRate: '0.05',
        enabled: true,
      },
    });
    const productId = product.json<Reply<{ id: number }>>().result.id;
    const user = await registerByEmail(t);
    await fund(t, user.user.id, 'USDT', '2000');
    const bought = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/order/buySmart',
      headers: orderHeaders(user.auth, 'real'),
      payload: { productId, days: 7, amount: '1000' },
    });
    expect(bought.json<Reply<{ state: string }>>().result.state).toBe('earning');

    // The accrual job as the node runs it, under a name of its own (the database is shared) and
    // hourly, on the node's own clock.
    const runner = createJobsRunner({
      db: t.database.db,
      node: 'test-clock',
      jobs: [{ ...earnAccrualJob, name: `earn.accrue.${randomUUID()}`, periodMs: 3_600_000 }],
      clock: () => new Date(t.markets.now() * 1000),
    });
    await runner.runDue();

    const before = t.markets.now();
    const moved = await move({ seconds: DAY + 3600 });
    const now = Date.parse(moved.json<Reply<{ now: string }>>().result.now) / 1000;
    expect(now - before).toBeGreaterThanOrEqual(DAY + 3600);
    expect(t.markets.now() - now).toBeLessThan(60);
    const read = await t.app.inject({ method: 'GET', url: TEST_CLOCK_PATH });
    expect(
      Date.parse(read.json<Reply<{ now: string }>>().result.now) / 1000,
    ).toBeGreaterThanOrEqual(now);

    // A sweep: the latest hour settles what the 25 missed ones held.
    expect(await runner.runDue()).toHaveLength(1);
    const list = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/order/listSmartOrder',
      headers: { ...user.auth, 'x-account-mode': 'real' },
    });
    expect(
      list.json<Reply<{ list: { paidDays: number; accruedProfit: string }[] }>>().result.list[0],
    ).toMatchObject({ paidDays: 1, accruedProfit: '5' });
  });
});
