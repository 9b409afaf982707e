import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/platform/auth';
import { openPostgres, type Database } from '../src/platform/db';
import { insertUser } from '../src/modules/users';
import { createScratchPostgres, TEST_DATABASE_URL, TEST_REDIS_URL } from './support/test-db';
import { connectSocket, sleep } from './support/ws-client';

/**
 * Two server processes sharing one PostgreSQL and one Redis. Needs both servers, so it runs in the
 * PostgreSQL pass (`TEST_DATABASE_URL` and `TEST_REDIS_URL` set, as .ci/run does); the embedded
 * pass has a single-process database by design.
 */
const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!enabled)
  console.info(
    'multi-node test needs TEST_DATABASE_URL and TEST_REDIS_URL; it runs in the PostgreSQL pass',
  );

const harness = fileURLToPath(new URL('./support/node-harness.ts', import.meta.url));
const JOB = `test.multinode_${randomUUID().slice(0, 8)}`;

interface NodeProcess {
  child: ChildProcess;
  address: string;
  send(command: Record<string, unknown>): Promise<void>;
}

function startNodeProcess(env: Record<string, string>): Promise<NodeProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(harness, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += String(d)));
    child.stderr?.on('data', (d) => (output += String(d)));
    const timer = setTimeout(() => reject(new Error(`node did not start:\n${output}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`node exited with ${code}:\n${output}`)));
    child.on('message', (message: { op: string; address?: string }) => {
      if (message.op !== 'ready' || !message.address) return;
      clearTimeout(timer);
      resolve({
        child,
        address: message.address,
        send: (command) =>
          new Promise((done) => {
            const onMessage = (reply: { op: string }) => {
              if (reply.op === 'done' || reply.op === 'stopped') {
                child.off('message', onMessage);
                done();
              }
            };
            child.on('message', onMessage);
            child.send(command);
          }),
      });
    });
  });
}

describe.runIf(enabled)('two server processes on one PostgreSQL and one Redis', () => {
  let database: Database;
  let nodes: NodeProcess[] = [];

  beforeAll(async () => {
    const url = await createScratchPostgres(
      `swx_test_multinode_w${process.env.VITEST_POOL_ID ?? '0'}`,
    );
    const env = {
      DATABASE_URL: url,
      REDIS_URL: TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `multinode:${randomUUID()}:`,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'true',
      JOBS_POLL_MS: '150',
      HARNESS_JOB: JOB,
      HARNESS_JOB_PERIOD_MS: '1000',
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
    };
    // Started together: both migrate and seed the same empty database at once.
    nodes = await Promise.all([
      startNodeProcess({ ...env, NODE_ID: 'node-a' }),
      startNodeProcess({ ...env, NODE_ID: 'node-b' }),
    ]);
    database = openPostgres(url, 4);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.send({ op: 'stop' }).catch(() => n.child.kill())));
    await database?.close();
  });

  it('delivers an event published on one node to a socket connected to the other', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('nodes missing');
    const userId = await insertUser(database.db, { username: `mn_${randomUUID().slice(0, 10)}` });
    const { token } = await createSession(database.db, {
      principal: 'user',
      principalId: userId,
      policy: { idleMinutes: 60, absoluteHours: 1 },
    });
    const client = await connectSocket(`${b.address.replace('http', 'ws')}/ws`);
    client.send({ op: 'auth', token });
    expect(await client.next((m) => m.type === 'authed')).toMatchObject({
      type: 'authed',
      ok: true,
    });
    client.send({ op: 'sub', codes: ['BTCUSDT'] });
    client.send({ op: 'ping' });
    await client.next((m) => m.type === 'pong');

    await a.send({
      op: 'publish-user',
      userId,
      type: 'balance',
      data: { asset: 'USDT', from: 'node-a' },
    });
    expect(await client.next((m) => m.type === 'balance')).toEqual({
      type: 'balance',
      data: { asset: 'USDT', from: 'node-a' },
    });
    await a.send({ op: 'publish-tick', code: 'BTCUSDT', price: '64000.5' });
    // Both nodes' own feeds tick BTCUSDT too (a CI run caught one of theirs first): wait for this
    // price, which only node A's publish carries.
    expect(
      await client.next((m) => m.type === 'tick' && m.code === 'BTCUSDT' && m.price === '64000.5'),
    ).toMatchObject({ type: 'tick', code: 'BTCUSDT', price: '64000.5' });
    client.close();
  });

  it('runs each scheduled unit exactly once across both nodes', async () => {
    const countUnits = async () => {
      const result = (await database.db.execute<Record<string, unknown>>(sql`
        select memo->>'key' as key, count(*)::int as n, string_agg(memo->>'node', ',') as nodes
        from ledger_transactions where kind = 'test.multinode_unit' and memo->>'job' = ${JOB}
        group by memo->>'key' order by 1`)) as {
        rows: { key: string; n: number; nodes: string }[];
      };
      return result.rows;
    };
    const deadline = Date.now() + 20_000;
    while ((await countUnits()).length < 5 && Date.now() < deadline) await sleep(250);
    const units = await countUnits();
    expect(units.length).toBeGreaterThanOrEqual(5);
    expect(units.filter((u) => u.n !== 1)).toEqual([]);
    // Consecutive periods with none missing.
    const starts = units.map((u) => Date.parse(u.key));
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBe(1000);
    const runs = (await database.db.execute<Record<string, unknown>>(sql`
      select count(*)::int as n from job_runs where job = ${JOB} and status = 'done'`)) as {
      rows: { n: number }[];
    };
    expect(runs.rows[0]?.n).toBeGreaterThanOrEqual(units.length);
  });
});
