import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRunner, type PeriodicJob } from '../../platform/jobs';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { staffHeaders } from '../../../test/support/staff-session';
import { fund, orderHeaders } from '../../../test/support/trading';
import { registerByEmail } from '../../../test/support/accounts';
import { findInvariantBreaches, selectSystemBalance, selectUserBalances } from '../ledger';
import { nftCloseJob } from './nfts.jobs';

type Reply<T> = { code: number; result: T };
interface Item {
  id: number;
  state: string;
  currentBid: string | null;
  minimumBid: string;
  bidCount: number;
  soldPrice: string | null;
  owner: string | null;
}
type Auth = { authorization: string };

const HOUR = 3600;
const clock = new FakeClock(1_798_000_000);
let t: TestApp;
let admin: Record<string, string>;
let image = '';
let token = 0;

const job: PeriodicJob = { ...nftCloseJob, name: `nfts.close.${randomUUID()}` };
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
  await runner().runDue();
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 120 } },
  })
    .png()
    .toBuffer();
  image = `data:image/png;base64,${png.toString('base64')}`;
}, 60_000);
afterAll(async () => t.close());

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

async function createItem(over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swx/admin/nfts',
    headers: admin,
    payload: {
      name: `Hope #${++token}`,
      description: 'A drawing by a child of the shelter',
      creator: 'Shelter art club',
      chain: 'Ethereum',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: `${token}-${randomUUID()}`,
      startingPrice: '100',
      bidIncrement: '10',
      buyNowPrice: '500',
      startsAt: iso(clock.seconds),
      endsAt: iso(clock.seconds + 2 * HOUR),
      image,
      ...over,
    },
  });
  return res.json<Reply<Item>>();
}

async function bidder(usdt = '1000') {
  const user = await registerByEmail(t);
  if (usdt !== '0') await fund(t, user.user.id, 'USDT', usdt);
  return user;
}

function buy(auth: Auth, body: object, mode: 'real' | 'demo' = 'real') {
  return t.app
    .inject({
      method: 'POST',
      url: '/swx/customer/user/buyNft',
      headers: orderHeaders(auth, mode),
      payload: body,
    })
    .then((r) => r.json<Reply<Item>>());
}

async function usdt(userId: number) {
  const rows = await selectUserBalances(t.database.db, userId, 'real');
  const of = (b: string) =>
    Number(rows.find((r) => r.asset === 'USDT' && r.bucket === b)?.balance ?? '0');
  return { available: of('available'), frozen: of('frozen') };
}

async function charity() {
  return Number(await selectSystemBalance(t.database.db, 'charity', 'real', 'USDT'));
}

describe('charity NFTs', () => {
  it('admins list items with an image (checked, audited); customers see them, the image is public', async () => {
    expect((await createItem({ endsAt: iso(clock.seconds - 10) })).code).toBe(10100);
    expect((await createItem({ buyNowPrice: '50' })).code).toBe(10100);
    expect((await createItem({ image: 'data:image/png;base64,AAAA' })).code).toBe(10122);
    const created = await createItem();
    expect(created.result).toMatchObject({ state: 'live', minimumBid: '100', bidCount: 0 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/index/listNft?search=${encodeURIComponent('Hope #4')}`,
    });
    expect(listed.json<Reply<{ list: Item[] }>>().result.list.map((i) => i.id)).toEqual([
      created.result.id,
    ]);
    const picture = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/index/nftImage/${created.result.id}`,
    });
    expect(picture.headers['content-type']).toBe('image/png');
    const customer = await bidder('0');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/nfts',
      headers: customer.auth,
      payload: {},
    });
    expect(forbidden.statusCode).toBe(401);
  });

  it.each([
    ['below the starting price', '99', 10152],
    ['at the buy-now price', '500', 10152],
    ['more than the balance', '450', 10092],
  ])('a bid %s is refused (%s) and changes nothing', async (_, amount, code) => {
    const item = (await createItem()).result;
    const user = await bidder('400');
    expect((await buy(user.auth, { id: item.id, kind: 'bid', amount })).code).toBe(code);
    expect(await usdt(user.user.id)).toEqual({ available: 400, frozen: 0 });
  });

  it('a scheduled item takes no bid (10020); demo mode is refused (10107)', async () => {
    const item = (
      await createItem({
        startsAt: iso(clock.seconds + HOUR),
        endsAt: iso(clock.seconds + 2 * HOUR),
      })
    ).result;
    expect(item.state).toBe('scheduled');
    const user = await bidder();
    expect((await buy(user.auth, { id: item.id, kind: 'bid', amount: '100' })).code).toBe(10020);
    expect((await buy(user.auth, { id: item.id, kind: 'bid', amount: '100' }, 'demo')).code).toBe(
      10107,
    );
  });

  it('an outbid bidder is refunded at once; the next bid must beat the last by the increment', async () => {
    const item = (await createItem()).result;
    const [a, b] = [await bidder(), await bidder()];
    expect((await buy(a.auth, { id: item.id, kind: 'bid', amount: '100' })).code).toBe(200);
    expect(await usdt(a.user.id)).toEqual({ available: 900, frozen: 100 });
    expect((await buy(b.auth, { id: item.id, kind: 'bid', amount: '105' })).code).toBe(10152);
    const second = await buy(b.auth, { id: item.id, kind: 'bid', amount: '110' });
    expect(second.result).toMatchObject({ currentBid: '110', minimumBid: '120', bidCount: 2 });
    expect(await usdt(a.user.id)).toEqual({ available: 1000, frozen: 0 });
    expect(await usdt(b.user.id)).toEqual({ available: 890, frozen: 110 });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/index/getNft/${item.id}`,
    });
    const bids = detail.json<Reply<{ bids: { amount: string; state: string }[] }>>().result.bids;
    expect(bids.map((x) => [x.amount, x.state])).toEqual([
      ['110', 'leading'],
      ['100', 'outbid'],
    ]);
  });

  it('20 concurrent bids: the highest wins the auction at its end, everyone else is refunded in full', async () => {
    const item = (await createItem({ buyNowPrice: null })).result;
    const users = await Promise.all(Array.from({ length: 20 }, () => bidder('1000')));
    const charityBefore = await charity();
    // Amounts 100, 110, ... 290: each beats any lower one by at least the increment.
    const replies = await Promise.all(
      users.map((u, i) => buy(u.auth, { id: item.id, kind: 'bid', amount: String(100 + 10 * i) })),
    );
    expect(replies.some((r) => r.code === 200)).toBe(true);
    for (const r of replies) expect([200, 10152]).toContain(r.code);
    clock.seconds += 2 * HOUR + 60;
    await Promise.all([runner('a').runDue(), runner('b').runDue()]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/index/getNft/${item.id}`,
    });
    expect(detail.json<Reply<Item>>().result).toMatchObject({ state: 'sold', soldPrice: '290' });
    for (const [i, u] of users.entries()) {
      expect(await usdt(u.user.id), `bidder ${i}`).toEqual(
        i === 19 ? { available: 710, frozen: 0 } : { available: 1000, frozen: 0 },
      );
    }
    // The charity account holds exactly the proceeds: the donation total the site shows.
    const listed = await t.app.inject({ method: 'GET', url: '/swx/customer/index/listNft' });
    const donated = Number(listed.json<Reply<{ donationTotal: string }>>().result.donationTotal);
    expect(await charity()).toBe(donated);
    expect(donated).toBeGreaterThanOrEqual(charityBefore + 290);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/listNft',
      headers: { ...users[19]!.auth, 'x-account-mode': 'real' },
    });
    expect(mine.json<Reply<{ owned: Item[] }>>().result.owned.map((i) => i.id)).toEqual([item.id]);
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });

  it('buy-now refunds the leading bid and sells at once; the donation total is the sum of sales', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/swx/customer/index/listNft' });
    const total = Number(before.json<Reply<{ donationTotal: string }>>().result.donationTotal);
    const item = (await createItem()).result;
    const [a, b] = [await bidder(), await bidder()];
    await buy(a.auth, { id: item.id, kind: 'bid', amount: '200' });
    const bought = await buy(b.auth, { id: item.id, kind: 'buyNow' });
    expect(bought.result).toMatchObject({ state: 'sold', soldPrice: '500' });
    expect(bought.result.owner).toMatch(/\*\*\*/u);
    expect(await usdt(a.user.id)).toEqual({ available: 1000, frozen: 0 });
    expect(await usdt(b.user.id)).toEqual({ available: 500, frozen: 0 });
    expect((await buy(a.auth, { id: item.id, kind: 'bid', amount: '300' })).code).toBe(10020);
    const after = await t.app.inject({ method: 'GET', url: '/swx/customer/index/listNft' });
    expect(Number(after.json<Reply<{ donationTotal: string }>>().result.donationTotal)).toBe(
      total + 500,
    );
  });

  it('an auction without bids ends unsold; a cancelled one refunds its leading bid', async () => {
    const quiet = (await createItem()).result;
    const busy = (await createItem()).result;
    const user = await bidder();
    await buy(user.auth, { id: busy.id, kind: 'bid', amount: '150' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/swx/admin/nfts/${busy.id}/cancel`,
      headers: admin,
    });
    expect(cancelled.json<Reply<Item>>().result.state).toBe('cancelled');
    expect(await usdt(user.user.id)).toEqual({ available: 1000, frozen: 0 });
    clock.seconds += 2 * HOUR + 60;
    await runner().runDue();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/index/getNft/${quiet.id}`,
    });
    expect(detail.json<Reply<Item>>().result.state).toBe('unsold');
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });
});

describe('120 days of auctions on a fake clock, with every node down for ten days', () => {
  it('closes each auction once, at its end, also those that ended while no node ran', async () => {
    const DAY = 86_400;
    // The closing job as in production, under its own name and daily here (120 days of
    // minutes would be 172,800 units); an item still closes at its own end.
    const daily: PeriodicJob = {
      ...nftCloseJob,
      name: `nfts.close.daily.${randomUUID()}`,
      periodMs: DAY * 1000,
    };
    const dailyRunner = (node: string) =>
      createJobsRunner({
        db: t.database.db,
        node,
        jobs: [daily],
        maxUnitsPerPass: 10_000,
        clock: () => new Date(clock.seconds * 1000),
      });
    await dailyRunner('first').runDue();
    const start = clock.seconds;
    const ends = [10, 65, 100]; // day 65 falls in the downtime
    const items = [];
    for (const day of ends) {
      items.push(
        (await createItem({ buyNowPrice: null, endsAt: iso(start + day * DAY) })).result.id,
      );
    }
    const [a, b] = [await bidder('2000'), await bidder('2000')];
    for (const id of items) {
      expect((await buy(a.auth, { id, kind: 'bid', amount: '100' })).code).toBe(200);
      expect((await buy(b.auth, { id, kind: 'bid', amount: '120' })).code).toBe(200);
    }
    expect(await usdt(b.user.id)).toEqual({ available: 1640, frozen: 360 });
    for (let day = 1; day <= 120; day++) {
      clock.seconds += DAY;
      if (day >= 60 && day < 70) continue;
      await dailyRunner(day < 60 ? 'first' : 'after-restart').runDue();
    }
    for (const [i, id] of items.entries()) {
      const detail = await t.app.inject({ method: 'GET', url: `/swx/customer/index/getNft/${id}` });
      const item = detail.json<Reply<Item & { soldAt: string; endsAt: string }>>().result;
      expect(item, `day ${ends[i]}`).toMatchObject({ state: 'sold', soldPrice: '120' });
      expect(item.soldAt).toBe(item.endsAt);
    }
    expect(await usdt(a.user.id)).toEqual({ available: 2000, frozen: 0 });
    expect(await usdt(b.user.id)).toEqual({ available: 1640, frozen: 0 });
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  }, 120_000);
});
