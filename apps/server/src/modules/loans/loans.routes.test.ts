import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRunner, type PeriodicJob } from '../../platform/jobs';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { staffHeaders } from '../../../test/support/staff-session';
import { fund, orderHeaders, trader } from '../../../test/support/trading';
import { notificationsOf, registerByEmail } from '../../../test/support/accounts';
import { findInvariantBreaches, selectUserBalances } from '../ledger';
import { loanDueJob } from './loans.jobs';

type Reply<T> = { code: number; result: T };
interface LoanView {
  id: number;
  loanNo: string;
  state: string;
  totalInterest: string;
  dueAmount: string;
  currentInterest: string;
  damages: string;
  overdueDays: number;
  repayNow: string;
  repaidAmount: string | null;
  dueAt: string | null;
  reason: string | null;
  agreementSha256: string;
}
type Auth = { authorization: string };

const DAY = 86_400;
const clock = new FakeClock(1_797_000_000);
let t: TestApp;
let admin: Record<string, string>;
let finance: Record<string, string>;
let productId = 0;

// The due-date job as in production, under its own name (the test database is shared) and hourly.
const job: PeriodicJob = { ...loanDueJob, name: `loans.due.${randomUUID()}`, periodMs: 3_600_000 };
const runner = (node = 'test') =>
  createJobsRunner({
    db: t.database.db,
    node,
    jobs: [job],
    maxUnitsPerPass: 10_000,
    clock: () => new Date(clock.seconds * 1000),
  });

let signature = '';
let blank = '';

beforeAll(async () => {
  t = await createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });
  admin = (await staffHeaders(t.database, ['admin'])).headers;
  finance = (await staffHeaders(t.database, ['finance'])).headers;
  await runner().runDue();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 60 C 60 10, 120 90, 290 40" stroke="#111" stroke-width="4" fill="none"/></svg>`;
  signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  const empty = await sharp({
    create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  blank = `data:image/png;base64,${empty.toString('base64')}`;
}, 60_000);
afterAll(async () => t.close());

async function usdt(userId: number) {
  const rows = await selectUserBalances(t.database.db, userId, 'real');
  return Number(rows.find((r) => r.asset === 'USDT' && r.bucket === 'available')?.balance ?? '0');
}

function apply(auth: Auth, body: object, mode: 'real' | 'demo' = 'real') {
  return t.app
    .inject({
      method: 'POST',
      url: '/swx/customer/user/loan',
      headers: { ...orderHeaders(auth, mode), 'accept-language': 'en' },
      payload: { signature, ...body },
    })
    .then((r) => r.json<Reply<LoanView>>());
}

async function loanOf(auth: Auth, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/swx/customer/user/getLoanById/${id}`,
    headers: { ...auth, 'x-account-mode': 'real' },
  });
  return res.json<Reply<LoanView>>();
}

async function decide(id: number, how: 'approve' | 'reject', reason?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/swx/admin/loans/${id}/${how}`,
    headers: finance,
    ...(reason ? { payload: { reason } } : {}),
  });
  return res.json<Reply<LoanView>>();
}

function repay(auth: Auth, id: number) {
  return t.app
    .inject({
      method: 'POST',
      url: '/swx/customer/user/repayLoan',
      headers: orderHeaders(auth),
      payload: { id },
    })
    .then((r) => r.json<Reply<LoanView>>());
}

async function passHours(hours: number) {
  clock.seconds += hours * 3600;
  return runner().runDue();
}

describe('loans', () => {
  it('admins create products (checked, audited); customers see them with the platform terms', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/loans/products',
      headers: admin,
      payload: {
        name: 'Flexible',
        minAmount: '100',
        maxAmount: '5000',
        terms: [7, 8],
        dailyRate: '0.001',
        enabled: true,
      },
    });
    expect(bad.json<Reply<unknown>>().code).toBe(10100);
    const created = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/loans/products',
      headers: admin,
      payload: {
        name: 'Flexible',
        minAmount: '100',
        maxAmount: '5000',
        terms: [30, 7],
        dailyRate: '0.001',
        enabled: true,
      },
    });
    const product = created.json<Reply<{ id: number; terms: number[] }>>();
    expect(product.code).toBe(200);
    expect(product.result.terms).toEqual([7, 30]);
    productId = product.result.id;
    const listed = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/index/listLoanProduct',
    });
    expect(listed.json<Reply<object[]>>().result).toContainEqual(
      expect.objectContaining({ id: productId, freeDays: 3, penaltyRate: '0.005' }),
    );
    const financeTry = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/loans/products',
      headers: finance,
      payload: {
        name: 'x',
        minAmount: '1',
        maxAmount: '2',
        terms: [7],
        dailyRate: '0',
        enabled: true,
      },
    });
    expect(financeTry.statusCode).toBe(403);
  });

  it.each([
    ['an unknown product', () => ({ productId: 999_999, days: 7, amount: '1000' }), 10151],
    ['a term not offered', () => ({ productId, days: 14, amount: '1000' }), 10023],
    ['below the range', () => ({ productId, days: 7, amount: '50' }), 10148],
    ['above the range', () => ({ productId, days: 7, amount: '5000.01' }), 10148],
    ['over the scale', () => ({ productId, days: 7, amount: '100.1234567' }), 10148],
    ['no signature', () => ({ productId, days: 7, amount: '1000', signature: '' }), 10150],
    ['a blank signature', () => ({ productId, days: 7, amount: '1000', signature: blank }), 10150],
    [
      'a signature that is not an image',
      () => ({ productId, days: 7, amount: '1000', signature: 'data:image/png;base64,AAAA' }),
      10150,
    ],
  ])('%s is refused (%s) and nothing is stored', async (_, body, code) => {
    const user = await trader(t, '0');
    expect((await apply(user.auth, body())).code).toBe(code);
    const list = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/listLoanRecord',
      headers: { ...user.auth, 'x-account-mode': 'real' },
    });
    expect(list.json<Reply<{ total: number }>>().result.total).toBe(0);
  });

  it('needs verified identity (10022) and real money (10107)', async () => {
    const unverified = await registerByEmail(t);
    expect((await apply(unverified.auth, { productId, days: 7, amount: '1000' })).code).toBe(10022);
    const user = await trader(t, '0');
    expect((await apply(user.auth, { productId, days: 7, amount: '1000' }, 'demo')).code).toBe(
      10107,
    );
  });

  it('one open loan per customer, also under 10 concurrent applications', async () => {
    const user = await trader(t, '0');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => apply(user.auth, { productId, days: 7, amount: '500' })),
    );
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 10149)).toHaveLength(9);
  });

  it('the signed agreement is stored once, matches its fingerprint, and only its owner and staff read it', async () => {
    const user = await trader(t, '0');
    const other = await trader(t, '0');
    const applied = await apply(user.auth, { productId, days: 30, amount: '1000' });
    expect(applied.result).toMatchObject({
      state: 'pending',
      totalInterest: '27',
      dueAmount: '1027',
      repayNow: '0',
    });
    const own = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/user/loanAgreement/${applied.result.id}`,
      headers: { ...user.auth, 'x-account-mode': 'real' },
    });
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(own.rawPayload).digest('hex')).toBe(
      applied.result.agreementSha256,
    );
    const staff = await t.app.inject({
      method: 'GET',
      url: `/swx/admin/loans/${applied.result.id}/agreement`,
      headers: finance,
    });
    expect(staff.rawPayload.equals(own.rawPayload)).toBe(true);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/user/loanAgreement/${applied.result.id}`,
      headers: { ...other.auth, 'x-account-mode': 'real' },
    });
    expect(foreign.json<Reply<unknown>>().code).toBe(10101);
    expect((await loanOf(other.auth, applied.result.id)).code).toBe(10101);
    expect((await repay(other.auth, applied.result.id)).code).toBe(10101);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/swx/customer/user/loanAgreementPreview?productId=${productId}&amount=1000&days=30`,
      headers: { ...user.auth, 'x-account-mode': 'real' },
    });
    expect(preview.headers['content-type']).toBe('application/pdf');
  });

  it('rejected with a reason: nothing paid, a new application may follow; approval decided once', async () => {
    const user = await trader(t, '0');
    const first = await apply(user.auth, { productId, days: 7, amount: '1000' });
    const rejected = await decide(first.result.id, 'reject', 'Income not shown');
    expect(rejected.result).toMatchObject({ state: 'rejected', reason: 'Income not shown' });
    expect(await usdt(user.user.id)).toBe(0);
    const second = await apply(user.auth, { productId, days: 7, amount: '1000' });
    expect(second.code).toBe(200);
    const decisions = await Promise.all([
      decide(second.result.id, 'approve'),
      decide(second.result.id, 'approve'),
      decide(second.result.id, 'reject', 'late'),
    ]);
    expect(decisions.map((d) => d.code).sort((x, y) => x - y)).toEqual([200, 10146, 10146]);
    // Whichever decision came first is the only one: the principal is paid exactly when an
    // approval won (the three race, so either may win).
    const approved = decisions.findIndex((d) => d.code === 200) < 2;
    expect(await usdt(user.user.id)).toBe(approved ? 1000 : 0);
    expect((await loanOf(user.auth, second.result.id)).result).toMatchObject({
      state: approved ? 'repaying' : 'rejected',
    });
  });

  it('repaid early: the interest of the days begun beyond the free days, once only', async () => {
    const user = await trader(t, '100');
    const applied = await apply(user.auth, { productId, days: 30, amount: '1000' });
    await decide(applied.result.id, 'approve');
    expect(await usdt(user.user.id)).toBe(1100);
    await passHours(4 * 24 + 1); // day 5 has begun: 2 charged days
    const loan = await loanOf(user.auth, applied.result.id);
    expect(loan.result).toMatchObject({
      state: 'repaying',
      currentInterest: '2',
      repayNow: '1002',
    });
    const [a, b] = await Promise.all([
      repay(user.auth, applied.result.id),
      repay(user.auth, applied.result.id),
    ]);
    expect([a.code, b.code].sort((x, y) => x - y)).toEqual([200, 10134]);
    expect(await usdt(user.user.id)).toBe(98);
    expect((await loanOf(user.auth, applied.result.id)).result).toMatchObject({
      state: 'repaid',
      repaidAmount: '1002',
      currentInterest: '2',
    });
  });

  it('collected on the due date when available covers it, by one of two racing nodes', async () => {
    const user = await trader(t, '100');
    const applied = await apply(user.auth, { productId, days: 7, amount: '1000' });
    await decide(applied.result.id, 'approve');
    clock.seconds += 7 * DAY + 3600;
    await Promise.all([runner('a').runDue(), runner('b').runDue()]);
    expect((await loanOf(user.auth, applied.result.id)).result).toMatchObject({
      state: 'repaid',
      repaidAmount: '1004',
    });
    expect(await usdt(user.user.id)).toBe(96);
  });

  it('reminds the borrower once, a day before the due date, with what will be collected', async () => {
    const user = await trader(t, '100');
    const applied = await apply(user.auth, { productId, days: 7, amount: '1000' });
    await decide(applied.result.id, 'approve');
    await passHours(6 * 24 - 2);
    expect(await notificationsOf(t, user.auth, 'loan_due_soon')).toEqual([]);
    await passHours(3);
    await Promise.all([runner('a').runDue(), runner('b').runDue()]);
    await passHours(12);
    const notes = await notificationsOf(t, user.auth, 'loan_due_soon');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params).toMatchObject({
      amount: '1004',
      asset: 'USDT',
      loanNo: applied.result.loanNo,
    });
    expect(notes[0]!.params.due).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  });

  it('overdue when short: damages for each overdue day begun, then repaid in full', async () => {
    const user = await trader(t, '0');
    const applied = await apply(user.auth, { productId, days: 30, amount: '1000' });
    await decide(applied.result.id, 'approve');
    await passHours(30 * 24 + 1);
    let loan = (await loanOf(user.auth, applied.result.id)).result;
    expect(loan).toMatchObject({ state: 'expired', overdueDays: 1, damages: '5.135' });
    expect(await usdt(user.user.id)).toBe(1000);
    await passHours(48);
    loan = (await loanOf(user.auth, applied.result.id)).result;
    expect(loan).toMatchObject({ overdueDays: 3, damages: '15.405', repayNow: '1042.405' });
    expect((await repay(user.auth, applied.result.id)).code).toBe(10092);
    await fund(t, user.user.id, 'USDT', '50');
    const repaid = await repay(user.auth, applied.result.id);
    expect(repaid.result).toMatchObject({ state: 'repaid', repaidAmount: '1042.405' });
    expect(await usdt(user.user.id)).toBeCloseTo(7.595, 6);
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  });
});

describe('120 days of loans on a fake clock, with every node down for ten days', () => {
  it('collects, charges and counts exactly what the terms say, each step once', async () => {
    // The due-date job as in production, under its own name and daily here (2,880 hourly units
    // would only cost time): collection still happens at each loan's own due date.
    const daily: PeriodicJob = {
      ...loanDueJob,
      name: `loans.due.daily.${randomUUID()}`,
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
    const created = await t.app.inject({
      method: 'POST',
      url: '/swx/admin/loans/products',
      headers: admin,
      payload: {
        name: 'Long run',
        minAmount: '100',
        maxAmount: '10000',
        terms: [7, 30, 90],
        dailyRate: '0.001',
        enabled: true,
      },
    });
    const id = created.json<Reply<{ id: number }>>().result.id;
    // Each loan: funds the customer already had, the terms, and what happens.
    const table = [
      // collected on its due date (day 7): 1000 + 1000 x 0.001 x (7 - 3)
      { name: 'collected', own: '100', amount: '1000', days: 7 },
      // overdue from day 30, repaid on day 100 with 71 days of damages at 0.5 % of 2054
      { name: 'overdue, repaid', own: '0', amount: '2000', days: 30, repayOn: 100, topUp: '800' },
      // overdue from day 90, still owing on day 120: 31 days of damages at 0.5 % of 3261
      { name: 'overdue, owing', own: '0', amount: '3000', days: 90 },
      // repaid early on day 10: 7 charged days
      { name: 'early', own: '100', amount: '1000', days: 30, repayOn: 10 },
    ];
    const loans = [];
    for (const row of table) {
      const user = await trader(t, row.own);
      const applied = await apply(user.auth, { productId: id, days: row.days, amount: row.amount });
      expect(applied.code, row.name).toBe(200);
      expect((await decide(applied.result.id, 'approve')).code).toBe(200);
      loans.push({ ...row, user, id: applied.result.id });
    }
    for (let day = 1; day <= 120; day++) {
      clock.seconds += DAY;
      if (day >= 60 && day < 70) continue;
      await dailyRunner(day < 60 ? 'first' : 'after-restart').runDue();
      for (const loan of loans) {
        if (loan.repayOn !== day) continue;
        if (loan.topUp) await fund(t, loan.user.user.id, 'USDT', loan.topUp);
        expect((await repay(loan.user.auth, loan.id)).code, loan.name).toBe(200);
      }
    }
    const expected = {
      collected: { state: 'repaid', repaidAmount: '1004', overdueDays: 0, balance: 96 },
      'overdue, repaid': {
        state: 'repaid',
        repaidAmount: '2783.17',
        overdueDays: 71,
        damages: '729.17',
        balance: 16.83,
      },
      'overdue, owing': {
        state: 'expired',
        overdueDays: 31,
        damages: '505.455',
        repayNow: '3766.455',
        balance: 3000,
      },
      early: { state: 'repaid', repaidAmount: '1007', currentInterest: '7', balance: 93 },
    } as const;
    for (const loan of loans) {
      const { balance, ...view } = expected[loan.name as keyof typeof expected];
      expect((await loanOf(loan.user.auth, loan.id)).result, loan.name).toMatchObject(view);
      expect(await usdt(loan.user.user.id), loan.name).toBeCloseTo(balance, 6);
    }
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);
  }, 120_000);
});
