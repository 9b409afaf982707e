import { randomUUID } from 'node:crypto';
import { dec } from '@swx/money';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail } from '../../../test/support/accounts';
import { staffHeaders } from '../../../test/support/staff-session';
import { createTestApp, FakeClock, type TestApp } from '../../../test/support/test-app';
import { fund, orderHeaders, verifyKyc } from '../../../test/support/trading';
import { createJobsRunner, type PeriodicJob } from '../../platform/jobs';
import { jobRuns } from '../../platform/jobs.tables';
import { findInvariantBreaches } from '../ledger';
import { markFunded } from '../users';
import { commissionJob } from './invitations.jobs';
import { inviteCommissions } from './invitations.tables';

/*
 * Thirty days of an invitation tree on a fake clock. Inviter A has four friends (a1..a4), B has
 * b1, who in turn invited c1; d was invited by nobody. Friends fund on given days (the mark an
 * approved deposit sets) and trade by converting on given days. With the levels set to 2, 3 and
 * 4 qualified friends, A climbs from level 0 to 1 on day 5 and to 2 on day 20; a4 trades without
 * ever funding (as with a loan's money) and so pays fees that count but never qualifies.
 *
 * The jobs stop after day 9 (no node runs them) and the server restarts on day 14: days 9–13 are
 * paid in one pass, oldest first. Day 19's unit fails once after paying (rolled back) and is paid
 * on the next pass; day 22 is claimed by two racing nodes. Every day is run again: nothing more.
 */

const DAY = 86_400;
/** 2030-03-18T00:00:00Z: day 0 of the run (a UTC midnight; no other test's clock comes near). */
const DAY0 = 1_900_022_400;
const clock = new FakeClock(DAY0 + 60);
const SCALE: Record<string, number> = { USDT: 6, BTC: 8 };

type Auth = { authorization: string };
type Reply<T> = { code: number; result: T };
interface Member {
  name: string;
  id: number;
  auth: Auth;
  inviteCode: string;
}

/** Who trades when: the day of the funding mark, the days of trading and the conversion. */
interface Plan {
  name: string;
  inviter?: string;
  fundedDay?: number;
  trades: (day: number) => boolean;
  convert: { from: string; to: string; amount: string };
}

const PLANS: Plan[] = [
  { name: 'A', trades: () => false, convert: { from: 'USDT', to: 'BTC', amount: '1' } },
  { name: 'B', trades: () => false, convert: { from: 'USDT', to: 'BTC', amount: '1' } },
  {
    name: 'a1',
    inviter: 'A',
    fundedDay: 0,
    trades: () => true,
    convert: { from: 'USDT', to: 'BTC', amount: '1000' },
  },
  {
    name: 'a2',
    inviter: 'A',
    fundedDay: 3,
    trades: (d) => d >= 5 && d % 2 === 1,
    convert: { from: 'BTC', to: 'USDT', amount: '0.01' },
  },
  {
    name: 'a3',
    inviter: 'A',
    fundedDay: 10,
    trades: (d) => d === 20 || d === 25,
    convert: { from: 'USDT', to: 'BTC', amount: '500' },
  },
  {
    name: 'a4',
    inviter: 'A',
    trades: (d) => d === 8 || d === 9,
    convert: { from: 'USDT', to: 'BTC', amount: '2000' },
  },
  {
    name: 'b1',
    inviter: 'B',
    fundedDay: 0,
    trades: (d) => d % 3 === 0,
    convert: { from: 'BTC', to: 'USDT', amount: '0.02' },
  },
  {
    name: 'c1',
    inviter: 'b1',
    fundedDay: 1,
    trades: (d) => d >= 1,
    convert: { from: 'USDT', to: 'BTC', amount: '300' },
  },
  { name: 'd', trades: () => true, convert: { from: 'BTC', to: 'USDT', amount: '0.05' } },
];

/** The expected level of each inviter by day: [first day, last day, level, rate, qualified]. */
const LEVELS: Record<string, [number, number, number, string, number][]> = {
  A: [
    [0, 4, 0, '0.1', 1],
    [5, 19, 1, '0.15', 2],
    [20, 29, 2, '0.2', 3],
  ],
  B: [[0, 29, 0, '0.1', 1]],
  b1: [[1, 29, 0, '0.1', 1]],
};
/** Days with a commission row, per inviter: A in BTC every day and in USDT on a2's days. */
const ROWS = { A: 30 + 13, B: 10, b1: 29 };

const LEVEL_PARAMS = {
  invite_level1_friends: ['2', '5'],
  invite_level2_friends: ['3', '20'],
  invite_level3_friends: ['4', '50'],
} as const;

let t: TestApp;
let admin: Record<string, string>;
const members = new Map<string, Member>();
/** The friends' fees by inviter, day and asset, as each conversion's reply gave them. */
const feesOf = new Map<string, string>();

const job: PeriodicJob = { ...commissionJob, name: `invite.commission.${randomUUID()}` };
/** The same job, failing after its work the first time it runs (the unit rolls back). */
let failOnce = false;
const flaky: PeriodicJob = {
  ...job,
  async run(unit) {
    const after = await job.run(unit);
    if (failOnce) {
      failOnce = false;
      throw new Error('node lost mid-unit');
    }
    return after;
  },
};
const runner = (node = 'one') =>
  createJobsRunner({
    db: t.database.db,
    node,
    jobs: [flaky],
    maxUnitsPerPass: 1000,
    clock: () => new Date(clock.seconds * 1000),
  });

const start = () => createTestApp({ clock, config: { RATE_LIMIT_MAX: '1000000' } });

async function setParam(key: string, value: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/swx/admin/params/${key}`,
    headers: admin,
    payload: { value },
  });
  expect(res.json<Reply<unknown>>().code).toBe(20005); // "modified successfully"
}

async function convert(member: Member, body: Plan['convert']) {
  const quote = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/user/dh',
    headers: orderHeaders(member.auth),
    payload: { step: 'quote', ...body },
  });
  const quoted = quote.json<Reply<{ quoteId: string }>>();
  expect(quoted.code).toBe(200);
  const done = await t.app.inject({
    method: 'POST',
    url: '/swx/customer/user/dh',
    headers: orderHeaders(member.auth),
    payload: { step: 'accept', quoteId: quoted.result.quoteId, ...body },
  });
  const accepted = done.json<Reply<{ fee: string }>>();
  expect(accepted.code).toBe(200);
  return accepted.result.fee;
}

function levelOn(inviter: string, day: number) {
  const span = LEVELS[inviter]?.find(([from, to]) => day >= from && day <= to);
  if (!span) throw new Error(`no level for ${inviter} on day ${day}`);
  return { level: span[2], rate: span[3], qualifiedFriends: span[4] };
}

const dayName = (day: number) => new Date((DAY0 + day * DAY) * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await start();
  admin = (await staffHeaders(t.database, ['admin'])).headers;
  for (const [key, [value]] of Object.entries(LEVEL_PARAMS)) await setParam(key, value);
  for (const plan of PLANS) {
    const inviter = plan.inviter ? members.get(plan.inviter) : undefined;
    const user = await registerByEmail(t, inviter ? { inviteCode: inviter.inviteCode } : undefined);
    await verifyKyc(t, user.user.id);
    await fund(t, user.user.id, 'USDT', '1000000');
    await fund(t, user.user.id, 'BTC', '100');
    members.set(plan.name, {
      name: plan.name,
      id: user.user.id,
      auth: user.auth,
      inviteCode: user.user.inviteCode,
    });
  }
  // The job's schedule starts with day 0.
  await runner().runDue();
}, 120_000);

afterAll(async () => {
  for (const [key, [, value]] of Object.entries(LEVEL_PARAMS)) await setParam(key, value);
  await t.close();
});

describe('invitation commissions over 30 days', () => {
  it('pays each inviter their level’s share of their friends’ fees, once per day, through a restart', async () => {
    for (let day = 0; day < 30; day++) {
      clock.seconds = DAY0 + day * DAY + 3600;
      for (const plan of PLANS) {
        if (plan.fundedDay === day) {
          await markFunded(
            t.database.db,
            members.get(plan.name)!.id,
            new Date(clock.seconds * 1000),
          );
        }
      }
      clock.seconds = DAY0 + day * DAY + 12 * 3600;
      for (const plan of PLANS) {
        if (!plan.trades(day)) continue;
        const fee = await convert(members.get(plan.name)!, plan.convert);
        if (!plan.inviter) continue;
        const key = `${plan.inviter}:${day}:${plan.convert.to}`;
        feesOf.set(
          key,
          dec(feesOf.get(key) ?? '0')
            .plus(fee)
            .toFixed(),
        );
      }
      if (day >= 10 && day <= 13) continue; // no node runs the jobs
      if (day === 14) {
        await t.close();
        t = await start();
        admin = (await staffHeaders(t.database, ['admin'])).headers;
      }
      if (day === 20) {
        failOnce = true;
        expect(await runner().runDue()).toEqual([]);
      }
      const ran =
        day === 22
          ? (await Promise.all([runner('left').runDue(), runner('right').runDue()])).flat()
          : await runner().runDue();
      // The day that ended now is paid (after the pause, every missed one, oldest first).
      const expected = day === 14 ? [9, 10, 11, 12, 13] : [day - 1];
      expect(ran.map((r) => r.key)).toEqual(
        day === 0 ? [] : expected.map((d) => new Date((DAY0 + d * DAY) * 1000).toISOString()),
      );
      expect(await runner('again').runDue()).toEqual([]);
    }
    clock.seconds = DAY0 + 30 * DAY + 3600;
    expect((await runner().runDue()).map((r) => r.key)).toEqual([
      new Date((DAY0 + 29 * DAY) * 1000).toISOString(),
    ]);

    // Every row is the table's figure: the level of the day, the fees the friends paid, the share.
    const inviters = ['A', 'B', 'b1'].map((name) => members.get(name)!);
    const rows = await t.database.db
      .select()
      .from(inviteCommissions)
      .where(
        inArray(
          inviteCommissions.inviterId,
          inviters.map((m) => m.id),
        ),
      );
    for (const inviter of inviters) {
      const mine = rows.filter((r) => r.inviterId === inviter.id);
      expect(mine).toHaveLength(ROWS[inviter.name as keyof typeof ROWS]);
      for (const row of mine) {
        const day = Math.round((Date.parse(`${row.day}T00:00:00Z`) / 1000 - DAY0) / DAY);
        const fees = feesOf.get(`${inviter.name}:${day}:${row.asset}`);
        const { level, rate, qualifiedFriends } = levelOn(inviter.name, day);
        const amount = dec(fees!).times(rate).toDecimalPlaces(SCALE[row.asset]!, 1);
        expect({
          day: row.day,
          asset: row.asset,
          fees: dec(row.fees).toFixed(),
          level: row.level,
          rate: dec(row.rate).toFixed(),
          qualifiedFriends: row.qualifiedFriends,
          amount: dec(row.amount).toFixed(),
        }).toEqual({
          day: dayName(day),
          asset: row.asset,
          fees,
          level,
          rate,
          qualifiedFriends,
          amount: amount.toFixed(),
        });
      }
      // Each friend's fees of each day are in exactly one row: nothing left out, nothing twice.
      const owed = [...feesOf.keys()].filter((k) => k.startsWith(`${inviter.name}:`));
      expect(owed).toHaveLength(mine.length);
    }
    // Only direct friends count: A earns nothing on c1, nobody earns on d.
    expect([...feesOf.keys()].every((k) => /^(A|B|b1):/.test(k))).toBe(true);

    // Each paid row is one ledger entry from `fees`, with the inviter's day as its reason.
    for (const inviter of inviters) {
      const entries = (
        (await t.database.db.execute(sql`
          select ref from ledger_transactions
          where kind = 'invite.commission' and ref like ${`${inviter.id}:%`}`)) as {
          rows: { ref: string }[];
        }
      ).rows;
      const paid = rows.filter((r) => r.inviterId === inviter.id && !dec(r.amount).isZero());
      expect(entries.map((e) => e.ref).sort()).toEqual(
        paid.map((r) => `${inviter.id}:${r.day}:${r.asset}`).sort(),
      );
    }
    expect(await findInvariantBreaches(t.database.db)).toEqual([]);

    // Every day ran once; only day 19's unit needed a second attempt.
    const runs = await t.database.db.select().from(jobRuns).where(eq(jobRuns.job, job.name));
    expect(runs).toHaveLength(30);
    expect(runs.every((r) => r.status === 'done')).toBe(true);
    expect(runs.filter((r) => r.attempts > 1).map((r) => r.key)).toEqual([
      new Date((DAY0 + 19 * DAY) * 1000).toISOString(),
    ]);
  }, 180_000);

  it('shows the inviter their level, progress and history, and each friend’s progress', async () => {
    const a = members.get('A')!;
    const levels = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/index/listLevel',
      headers: a.auth,
    });
    expect(levels.json<Reply<unknown>>().result).toEqual({
      levels: [
        { level: 0, friends: 0, rate: '0.1' },
        { level: 1, friends: 2, rate: '0.15' },
        { level: 2, friends: 3, rate: '0.2' },
        { level: 3, friends: 4, rate: '0.3' },
      ],
      me: {
        qualifiedFriends: 3,
        level: 2,
        rate: '0.2',
        next: { level: 3, friends: 4, rate: '0.3' },
      },
    });
    const visitor = await t.app.inject({ method: 'GET', url: '/swx/customer/index/listLevel' });
    expect(visitor.json<Reply<{ me: unknown }>>().result.me).toBeNull();

    const history = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/listCommission?page=1&pageSize=5',
      headers: a.auth,
    });
    const page = history.json<Reply<{ total: number; list: { day: string; level: number }[] }>>();
    expect(page.result.total).toBe(ROWS.A);
    expect(page.result.list.map((r) => r.day)).toEqual([
      dayName(29),
      dayName(29),
      dayName(28),
      dayName(27),
      dayName(27),
    ]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/listCommission',
    });
    expect(anonymous.statusCode).toBe(401);
    // Another customer sees their own (empty) history, never A's.
    const other = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/listCommission',
      headers: members.get('d')!.auth,
    });
    expect(other.json<Reply<{ total: number }>>().result.total).toBe(0);

    const info = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/inviteInfo',
      headers: a.auth,
    });
    const friends =
      info.json<Reply<{ friends: { funded: boolean; traded: boolean }[] }>>().result.friends;
    // Newest first: a4 (traded, never funded), a3, a2, a1.
    expect(friends.map((f) => [f.funded, f.traded])).toEqual([
      [false, true],
      [true, true],
      [true, true],
      [true, true],
    ]);
  });
});
