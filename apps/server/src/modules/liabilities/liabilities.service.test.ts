import { randomInt, randomUUID } from 'node:crypto';
import { verifyLiabilityProof, type LiabilityProof, type LiabilityRoot } from '@swx/contract';
import { dec } from '@swx/money';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from '../../../test/support/accounts';
import { staffHeaders } from '../../../test/support/staff-session';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { fund, trader } from '../../../test/support/trading';
import { createJobsRunner } from '../../platform/jobs';
import { postAlone, transferPostings } from '../ledger';
import { liabilitiesJob } from './liabilities.jobs';
import { auditDay, publishDay } from './liabilities.service';
import { liabilityLeaves, liabilityRoots } from './liabilities.tables';

type Reply<T> = { code: number; result: T };

const DAY = 86_400;
// A day of its own (roots are one per day in the worker's shared database): some day in 2033..41.
const DAY0 = Date.UTC(2033, 0, 1) / 1000 + randomInt(0, 3000) * DAY;
const clock = new FakeClock(DAY0 + 3600);
const now = () => new Date(clock.seconds * 1000);
const day = new Date(DAY0 * 1000).toISOString().slice(0, 10);
const job = { ...liabilitiesJob(now), name: `liabilities.publish.${randomUUID()}` };
const runner = (node = 'one') =>
  createJobsRunner({ db: t.database.db, node, jobs: [job], clock: now });

let t: TestApp;
let a: Awaited<ReturnType<typeof trader>>;
let b: Awaited<ReturnType<typeof trader>>;

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<Reply<T>>() };
}

async function proofOf(user: { auth: { authorization: string } }, query = '') {
  return get<LiabilityProof>(`/swx/customer/user/liabilityProof${query}`, user.auth);
}

async function published(): Promise<LiabilityRoot> {
  const { body } = await get<{ list: LiabilityRoot[] }>(
    '/swx/customer/index/liabilityRoots?pageSize=100',
  );
  const root = body.result.list.find((r) => r.day === day);
  expect(root, `a root for ${day}`).toBeTruthy();
  return root!;
}

beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
  a = await trader(t, '1500');
  await fund(t, a.user.id, 'BTC', '0.5');
  // 200 of A's USDT frozen (an order or a withdrawal): still owed to A.
  await postAlone(t.database.db, {
    kind: 'test.freeze',
    ref: randomUUID(),
    mode: 'real',
    postings: transferPostings(
      { owner: 'user', userId: a.user.id, bucket: 'available' },
      { owner: 'user', userId: a.user.id, bucket: 'frozen' },
      'USDT',
      '200',
    ),
  });
  b = await trader(t, '250');
  // Demo money is not a liability.
  await fund(t, b.user.id, 'USDT', '999', 'demo');
  await fund(t, b.user.id, 'ETH', '3', 'demo');
  // The job's schedule starts with the day that is running.
  expect(await runner().runDue()).toEqual([]);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('the daily root', () => {
  it('is published once the day has ended, once', async () => {
    clock.seconds = DAY0 + DAY + 60;
    const ran = await runner().runDue();
    expect(ran).toEqual([{ job: job.name, key: new Date(DAY0 * 1000).toISOString() }]);
    // Again, on another node, after a restart: nothing more.
    expect(await runner().runDue()).toEqual([]);
    expect(await runner('restarted').runDue()).toEqual([]);
    const root = await published();
    const again = await publishDay(t.database.db, day, now());
    expect(again).toEqual({ day, root: root.root, leafCount: root.leafCount, created: false });
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(liabilityRoots)
      .where(eq(liabilityRoots.day, day));
    expect(rows?.n).toBe(1);
    expect(root.snapshotAt).toBe(new Date((DAY0 + DAY + 60) * 1000).toISOString());
  });

  it("has totals equal to the ledger's real customer balances, demo left out", async () => {
    const root = await published();
    // Read straight from the ledger's table, not through the module's own snapshot query.
    const result = await t.database.db.execute(
      sql`select asset, sum(balance)::text as total from ledger_accounts
          where owner_type = 'user' and mode = 'real' group by asset having sum(balance) <> 0`,
    );
    const ledger = (result as { rows: { asset: string; total: string }[] }).rows;
    expect(root.totals.map((x) => x.asset)).toEqual(ledger.map((x) => x.asset).sort());
    for (const { asset, total } of ledger) {
      const shown = root.totals.find((x) => x.asset === asset)!.total;
      expect(dec(shown).eq(total), `${asset}: ${shown} = ${total}`).toBe(true);
    }
    expect(await auditDay(t.database.db, day)).toEqual([]);
  });
  it('are listed read-only to finance staff, and to no customer on the staff path', async () => {
    const root = await published();
    const finance = (await staffHeaders(t.database, ['finance'])).headers;
    const staff = await get<{ list: LiabilityRoot[] }>(
      '/swx/admin/liabilities/roots?pageSize=100',
      finance,
    );
    expect(staff.body.result.list.find((r) => r.day === day)).toEqual(root);
    const asCustomer = await get('/swx/admin/liabilities/roots', a.auth);
    expect(asCustomer.status).toBe(401);
  });
});

describe('inclusion proofs', () => {
  it("verify with the browser's verifier, showing the customer's own real balances", async () => {
    const root = await published();
    const { status, body } = await proofOf(a);
    expect(status).toBe(200);
    const proof = body.result;
    expect(proof.day).toBe(day);
    expect(proof.leaf.user).toBe(String(a.user.id));
    // available 1300 + frozen 200, and the BTC; no demo asset.
    expect(proof.leaf.balances).toEqual([
      { asset: 'BTC', balance: '0.5' },
      { asset: 'USDT', balance: '1500' },
    ]);
    expect(proof.leafCount).toBe(root.leafCount);
    expect(await verifyLiabilityProof(proof, root.root)).toMatchObject({
      ok: true,
      root: root.root,
    });

    const ofB = (await proofOf(b)).body.result;
    expect(ofB.leaf.balances).toEqual([{ asset: 'USDT', balance: '250' }]);
    expect((await verifyLiabilityProof(ofB, root.root)).ok).toBe(true);
    expect(ofB.leaf.salt).not.toBe(proof.leaf.salt);
  });

  it("are only ever the caller's own: another user's id is refused", async () => {
    const asB = await proofOf(a, `?day=${day}&userId=${b.user.id}`);
    expect(asB.status).toBe(400);
    expect(asB.body.code).toBe(10100);
    const signedOut = await get('/swx/customer/user/liabilityProof');
    expect(signedOut.status).toBe(401);
  });

  it('are refused for a day without a root and for a customer who held nothing', async () => {
    const none = await proofOf(a, '?day=2020-01-01');
    expect([none.status, none.body.code]).toEqual([404, 10169]);
    const empty = await registerByEmail(t);
    const nothing = await proofOf(empty, `?day=${day}`);
    expect([nothing.status, nothing.body.code]).toEqual([404, 10169]);
  });
});

describe('the deliberate breach', () => {
  it('a balance changed in the downloaded proof fails verification', async () => {
    const root = await published();
    const proof = (await proofOf(a)).body.result;
    const edited = structuredClone(proof);
    edited.leaf.balances[1]!.balance = '15000';
    expect(await verifyLiabilityProof(edited, root.root)).toMatchObject({
      ok: false,
      reason: 'root',
    });
  });

  it('a balance changed in the stored tree fails the proof served and the day audit', async () => {
    const root = await published();
    const where = and(eq(liabilityLeaves.day, day), eq(liabilityLeaves.userId, a.user.id));
    const [stored] = await t.database.db.select().from(liabilityLeaves).where(where);
    try {
      await t.database.db
        .update(liabilityLeaves)
        .set({
          balances: [
            { asset: 'BTC', balance: '0.05' },
            { asset: 'USDT', balance: '1500' },
          ],
        })
        .where(where);
      const served = (await proofOf(a)).body.result;
      expect(served.leaf.balances[0]).toEqual({ asset: 'BTC', balance: '0.05' });
      expect(await verifyLiabilityProof(served, root.root)).toMatchObject({
        ok: false,
        reason: 'root',
      });
      expect((await auditDay(t.database.db, day)).join('\n')).toMatch(/root .* ≠ published/);
    } finally {
      await t.database.db.update(liabilityLeaves).set({ balances: stored!.balances }).where(where);
    }
    expect((await verifyLiabilityProof((await proofOf(a)).body.result, root.root)).ok).toBe(true);
    expect(await auditDay(t.database.db, day)).toEqual([]);
  });
});
