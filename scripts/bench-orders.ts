// Orders placed per second end to end (HTTP, the product's server on PostgreSQL) beside pgbench's
// TPC-B on the same server in the same run, and the time from one tick to the settlement of a
// thousand orders it reaches.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { postAlone, transferPostings } from '../apps/server/src/modules/ledger';
import { insertUser } from '../apps/server/src/modules/users';
import { startNode } from '../apps/server/src/node';
import { createSession } from '../apps/server/src/platform/auth';
import { loadConfig } from '../apps/server/src/platform/config';
import { openPostgres, type Database } from '../apps/server/src/platform/db';
import { seed } from '../apps/server/src/seed';
import {
  freePort,
  log,
  pgbenchBeside,
  PGBENCH_CLIENTS,
  root,
  scratch,
  startChild,
  stopChild,
  waitForOk,
} from './bench-support';

interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: Request) => Request;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
type Cannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: Request[];
}) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

export interface OrdersFigure {
  pgbenchTps: number;
  pgbenchClients: number;
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  connections: number;
  /** Ticks each reaching SETTLE_COUNT running options of SETTLE_USERS users: the time until every one is settled. */
  settleCount: number;
  settleUsers: number;
  /** The first such tick in the process (code not yet optimised), apart from the measured ones. */
  settleColdMs: number;
  settleTicks: number;
  settleP50Ms: number;
  settleP99Ms: number;
}

const USERS = 200;
const CONNECTIONS = 32;
const SECONDS = 10;
const SETTLE_COUNT = 1_000;
const SETTLE_USERS = 100;
/** Measured ticks after the first; with 20 the p99 is the slowest of them. */
const SETTLE_TICKS = 20;
const BUY_CONCURRENCY = 8;

/** Users with sessions and a large real USDT balance, written before the server starts. */
async function prepareUsers(database: Database, count = USERS): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const userId = await insertUser(database.db, {
      username: `bench_${i}_${randomUUID().slice(0, 6)}`,
    });
    const { token } = await createSession(database.db, {
      principal: 'user',
      principalId: userId,
      policy: { idleMinutes: 600, absoluteHours: 24 },
    });
    await postAlone(database.db, {
      kind: 'bench.fund',
      ref: String(userId),
      mode: 'real',
      postings: transferPostings(
        { owner: 'system', name: 'custody' },
        { owner: 'user', userId, bucket: 'available' },
        'USDT',
        '100000000',
      ),
    });
    tokens.push(token);
  }
  return tokens;
}

/** Contract market orders (1 lot of BTCUSDT at 10x) from many users for SECONDS. */
async function placeOrders(url: string, tokens: string[]): Promise<CannonResult> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'swx-bench-orders-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.REDIS_URL;
  const child = startChild(
    'orders server',
    [
      ...(process.env.BENCH_CHILD_PROF
        ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CHILD_PROF]
        : []),
      join(root, 'apps/server/dist/main.js'),
    ],
    {
      ...env,
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      RATE_LIMIT_MAX: '100000000',
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForOk(child, `${base}/readyz`, 60_000);
    let n = 0;
    const body = JSON.stringify({
      code: 'BTCUSDT',
      direction: 'long',
      lots: '0.01',
      leverage: 10,
      type: 'market',
    });
    const request: Request = {
      method: 'POST',
      path: '/swx/customer/order/buyU',
      setupRequest: (r) => {
        n++;
        return {
          ...r,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[n % tokens.length] ?? ''}`,
            'idempotency-key': `bench-${n}-${randomUUID()}`,
          },
          body,
        };
      },
    };
    const probe = await fetch(`${base}/swx/customer/order/buyU`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[0] ?? ''}`,
        'idempotency-key': randomUUID(),
      },
      body,
    });
    const probeBody = await probe.text();
    if (!probe.ok || !probeBody.includes('"code":200'))
      throw new Error(`buyU answered ${probe.status}: ${probeBody.slice(0, 300)}`);
    log(`orders: measuring ${SECONDS} s with ${CONNECTIONS} connections`);
    return await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [request],
    });
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * SETTLE_COUNT options of SETTLE_USERS users, bought in one second, expire together: one tick
 * settles them all. That is done for 1 + SETTLE_TICKS seconds in a row on one server, one tick a
 * second of wall time, as a running server settles: the first tick is reported apart (cold), the
 * others give p50 and p99.
 */
async function tickToSettlement(url: string): Promise<number[]> {
  const start = 1_795_000_000;
  const clock = { seconds: start };
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    JOBS_ENABLED: 'false',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'swx-bench-settle-')),
    WEB_DIST: '/nonexistent',
    ADMIN_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000000',
  });
  const node = await startNode(config, { clock: () => clock.seconds });
  try {
    const tokens = await prepareUsers(node.database, SETTLE_USERS);
    const buy = async (i: number) => {
      const res = await node.app.inject({
        method: 'POST',
        url: '/swx/customer/order/buyOptions',
        headers: {
          authorization: `Bearer ${tokens[i % tokens.length] ?? ''}`,
          'x-account-mode': 'real',
          'idempotency-key': randomUUID(),
        },
        payload: { code: 'BTCUSDT', direction: i % 2 ? 'up' : 'down', seconds: 30, amount: '10' },
      });
      if (res.json<{ code: number }>().code !== 200) throw new Error(`buyOptions: ${res.body}`);
    };
    // Second k's options expire at start + 30 + k.
    for (let k = 0; k <= SETTLE_TICKS; k++) {
      clock.seconds = start + k;
      for (let i = 0; i < SETTLE_COUNT; i += BUY_CONCURRENCY)
        await Promise.all(
          Array.from({ length: Math.min(BUY_CONCURRENCY, SETTLE_COUNT - i) }, (_, j) => buy(i + j)),
        );
    }
    // As pgbench does before it measures: the tables just took 21,000 orders, and autovacuum
    // waking on them mid-run would measure the bulk load, not the settlement.
    await node.database.db.execute(sql`vacuum analyze`);
    clock.seconds = start + 29;
    await node.triggers.advanceTo(start + 29);
    const times: number[] = [];
    // The feed ticks once a second: each tick starts a second after the one before, as it would
    // on a running server (the rest of the second is the server's, e.g. for garbage collection).
    let next = performance.now();
    for (let k = 0; k <= SETTLE_TICKS; k++) {
      await sleep(Math.max(0, next - performance.now()));
      next = performance.now() + 1_000;
      clock.seconds = start + 30 + k;
      const began = performance.now();
      await node.triggers.advanceTo(start + 30 + k);
      times.push(performance.now() - began);
    }
    const { rows } = (await node.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from options_orders where state = 'running'`,
    )) as { rows: { n: number }[] };
    if (rows[0]?.n !== 0) throw new Error(`${rows[0]?.n} options were left running`);
    return times;
  } finally {
    await node.close();
  }
}

export async function benchOrders(pgUrl: string): Promise<OrdersFigure> {
  const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  try {
    const pgbenchTps = await pgbenchBeside(admin, pgUrl);

    const url = await scratch(admin, pgUrl, 'swx_bench_orders');
    const database = openPostgres(url, 10);
    let tokens: string[];
    try {
      await database.migrate();
      await seed(database);
      tokens = await prepareUsers(database);
    } finally {
      await database.close();
    }
    const orders = await placeOrders(url, tokens);

    const settleUrl = await scratch(admin, pgUrl, 'swx_bench_settle');
    // A failure here must not hide the orders figure measured above.
    const settleTimes = await tickToSettlement(settleUrl).catch((error: unknown) => {
      log(`tick to settlement failed: ${error instanceof Error ? error.message : String(error)}`);
      return [] as number[];
    });
    // Every tick's time, so a slow one can be told apart from a slow run.
    log(`settling ticks (ms, the first cold): ${settleTimes.map((ms) => ms.toFixed(0)).join(' ')}`);
    const [settleColdMs = Number.NaN, ...measured] = settleTimes;
    const sorted = [...measured].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    return {
      pgbenchTps,
      pgbenchClients: PGBENCH_CLIENTS,
      orders: orders.requests.total,
      ordersPerSecond: orders.requests.average,
      p50Ms: orders.latency.p50,
      p99Ms: orders.latency.p99,
      non2xx: orders.non2xx + orders.errors + orders.timeouts,
      connections: CONNECTIONS,
      settleCount: SETTLE_COUNT,
      settleUsers: SETTLE_USERS,
      settleColdMs,
      settleTicks: measured.length,
      settleP50Ms: at(0.5) ?? Number.NaN,
      settleP99Ms: at(0.99) ?? Number.NaN,
    };
  } finally {
    for (const name of ['swx_bench_orders', 'swx_bench_settle'])
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
}
