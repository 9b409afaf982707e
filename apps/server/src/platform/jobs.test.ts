import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/support/test-db';
import { post, transferPostings } from '../modules/ledger';
import { ledgerTransactions } from '../modules/ledger/ledger.tables';
import type { Database } from './db';
import { createJobsRunner, type PeriodicJob } from './jobs';
import { jobRuns } from './jobs.tables';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const PERIOD = 60_000;
const start = Date.parse('2026-03-01T00:00:00Z');

/** A job whose unit posts a ledger transaction named after the unit: its effect is countable. */
function ledgerJob(name: string, options: { failFirst?: Set<string> } = {}): PeriodicJob {
  return {
    name,
    periodMs: PERIOD,
    async run({ tx, key }) {
      if (options.failFirst?.delete(key)) throw new Error(`first attempt of ${key} fails`);
      await post(tx, {
        kind: 'test.job_unit',
        ref: `${name}:${key}`,
        mode: 'real',
        postings: transferPostings(
          { owner: 'system', name: 'house' },
          { owner: 'system', name: 'fees' },
          'USDT',
          '1',
        ),
      });
    },
  };
}

async function effectsOf(name: string): Promise<string[]> {
  const rows = await database.db
    .select({ ref: ledgerTransactions.ref })
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.kind, 'test.job_unit'), like(ledgerTransactions.ref, `${name}:%`)),
    );
  return rows.map((r) => r.ref.slice(name.length + 1)).sort();
}

function clockAt(ms: { now: number }) {
  return () => new Date(ms.now);
}

describe('jobs runner', () => {
  it('runs each unit exactly once with two nodes polling at the same time', async () => {
    const name = `test.twin_${randomUUID().slice(0, 8)}`;
    const time = { now: start + 10_000 };
    const job = ledgerJob(name);
    const a = createJobsRunner({ db: database.db, node: 'a', jobs: [job], clock: clockAt(time) });
    const b = createJobsRunner({ db: database.db, node: 'b', jobs: [job], clock: clockAt(time) });
    const ran: string[] = [];
    for (let round = 0; round < 12; round++) {
      time.now += PERIOD / 2;
      const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
      ran.push(...ra.map((u) => u.key), ...rb.map((u) => u.key));
    }
    // The first period is the one running when the job was first seen; 6 minutes pass -> 6 units.
    const expected = Array.from({ length: 6 }, (_, i) =>
      new Date(start + i * PERIOD).toISOString(),
    );
    expect(ran.sort()).toEqual(expected);
    expect(await effectsOf(name)).toEqual(expected);
  });

  it('catches up on periods missed while every node was down, oldest first, each once', async () => {
    const name = `test.catchup_${randomUUID().slice(0, 8)}`;
    const time = { now: start + 5_000 };
    const job = ledgerJob(name);
    const before = createJobsRunner({
      db: database.db,
      node: 'a',
      jobs: [job],
      clock: clockAt(time),
    });
    expect(await before.runDue()).toEqual([]);
    time.now += PERIOD;
    expect((await before.runDue()).map((u) => u.key)).toEqual([new Date(start).toISOString()]);

    time.now += 5 * PERIOD; // downtime
    const after = createJobsRunner({
      db: database.db,
      node: 'b',
      jobs: [job],
      clock: clockAt(time),
    });
    const caughtUp = (await after.runDue()).map((u) => u.key);
    expect(caughtUp).toEqual(
      Array.from({ length: 5 }, (_, i) => new Date(start + (i + 1) * PERIOD).toISOString()),
    );
    expect(await after.runDue()).toEqual([]);
    expect(await effectsOf(name)).toHaveLength(6);
  });

  it('a sweep catches up with its latest missed period alone; a failed one is retried', async () => {
    const name = `test.sweep_${randomUUID().slice(0, 8)}`;
    const time = { now: start + 5_000 };
    const failing = new Set([new Date(start + 1440 * PERIOD).toISOString()]);
    const job = { ...ledgerJob(name, { failFirst: failing }), sweep: true };
    const runner = createJobsRunner({
      db: database.db,
      node: 'a',
      jobs: [job],
      clock: clockAt(time),
    });
    await runner.runDue();
    time.now += PERIOD;
    expect((await runner.runDue()).map((u) => u.key)).toEqual([new Date(start).toISOString()]);

    time.now += 1440 * PERIOD; // a day down: the latest minute settles what the day held
    expect(await runner.runDue()).toEqual([]);
    const latest = new Date(start + 1440 * PERIOD).toISOString();
    expect((await runner.runDue()).map((u) => u.key)).toEqual([latest]);
    expect(await runner.runDue()).toEqual([]);
    time.now += PERIOD;
    expect((await runner.runDue()).map((u) => u.key)).toEqual([
      new Date(start + 1441 * PERIOD).toISOString(),
    ]);
    expect(await effectsOf(name)).toEqual([
      new Date(start).toISOString(),
      latest,
      new Date(start + 1441 * PERIOD).toISOString(),
    ]);
  });

  it('retries a failed unit without skipping it, and its effect happens once', async () => {
    const name = `test.retry_${randomUUID().slice(0, 8)}`;
    const time = { now: start + 1_000 };
    const failing = new Set([new Date(start + PERIOD).toISOString()]);
    const errors: string[] = [];
    const runner = createJobsRunner({
      db: database.db,
      node: 'a',
      jobs: [ledgerJob(name, { failFirst: failing })],
      clock: clockAt(time),
      onError: (_job, key) => errors.push(key),
    });
    await runner.runDue();
    time.now += 3 * PERIOD;
    const first = (await runner.runDue()).map((u) => u.key);
    expect(first).toEqual([
      new Date(start).toISOString(),
      new Date(start + 2 * PERIOD).toISOString(),
    ]);
    expect(errors).toEqual([new Date(start + PERIOD).toISOString()]);
    const [failed] = await database.db
      .select({ status: jobRuns.status, error: jobRuns.error })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, name), eq(jobRuns.key, new Date(start + PERIOD).toISOString())));
    expect(failed?.status).toBe('failed');
    expect((await runner.runDue()).map((u) => u.key)).toEqual([
      new Date(start + PERIOD).toISOString(),
    ]);
    expect(await effectsOf(name)).toHaveLength(3);
  });

  it('takes over a unit whose node died holding it, once the lease has run out', async () => {
    const name = `test.lease_${randomUUID().slice(0, 8)}`;
    const time = { now: start + 1_000 };
    const runner = createJobsRunner({
      db: database.db,
      node: 'b',
      jobs: [ledgerJob(name)],
      clock: clockAt(time),
      leaseMs: 60_000,
    });
    await runner.runDue();
    const key = new Date(start).toISOString();
    await database.db.insert(jobRuns).values({
      job: name,
      key,
      status: 'running',
      claim: 'dead-node-claim',
      node: 'dead',
      leaseUntil: new Date(start + PERIOD + 30_000),
    });
    time.now = start + PERIOD + 10_000; // lease still held
    expect(await runner.runDue()).toEqual([]);
    time.now = start + PERIOD + 40_000; // lease ran out
    expect((await runner.runDue()).map((u) => u.key)).toEqual([key]);
    expect(await effectsOf(name)).toEqual([key]);
    const [row] = await database.db
      .select({ attempts: jobRuns.attempts, node: jobRuns.node })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, name), eq(jobRuns.key, key)));
    expect(row).toEqual({ attempts: 2, node: 'b' });
  });

  it('a pass with nothing due reads the cursors once and sends nothing else', async () => {
    const names = ['a', 'b', 'c'].map((n) => `test.idle_${n}_${randomUUID().slice(0, 8)}`);
    const time = { now: start + 10_000 };
    const statements: string[] = [];
    // The runner's database, counting the statements it starts.
    const db = new Proxy(database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        return (...args: unknown[]) => {
          if (['select', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(prop))
            statements.push(prop);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const runner = createJobsRunner({
      db,
      node: 'a',
      jobs: names.map((name) => ledgerJob(name)),
      clock: clockAt(time),
    });
    // The first pass gives each new job its cursor (the period running now).
    expect(await runner.runDue()).toEqual([]);
    statements.length = 0;
    time.now += 20_000; // the same period: nothing is due
    expect(await runner.runDue()).toEqual([]);
    expect(statements).toEqual(['select']);
    time.now += PERIOD; // each job's first period has ended: its unit runs, once
    expect((await runner.runDue()).map((u) => u.job)).toEqual(names);
    for (const name of names)
      expect(await effectsOf(name)).toEqual([new Date(start).toISOString()]);
    statements.length = 0;
    expect(await runner.runDue()).toEqual([]);
    expect(statements).toEqual(['select']);
  });
});
