// Orders placed per second end to end (HTTP, the product's server on PostgreSQL) beside pgbench's
// TPC-B on the same server in the same run, and the time from one tick to the settlement of a
// thousand orders it reaches (bench-settle.ts, in a process of its own).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/platform/db';
import { seed } from '../apps/server/src/seed';
import { prepareUsers, settleInChild, SETTLE_COUNT, SETTLE_USERS } from './bench-settle';
import { msPer, postgresCpuSeconds, processCpuSeconds } from './bench-cpu';
import {
  autocannon,
  freePort,
  log,
  pgbenchMeasured,
  PGBENCH_CLIENTS,
  root,
  scratch,
  startChild,
  stopChild,
  waitForOk,
  type AutocannonRequest,
  type AutocannonResult,
} from './bench-support';
import { SERVER_NODE_FLAGS } from './server-flags.js';

export interface OrdersFigure {
  pgbenchTps: number;
  pgbenchClients: number;
  orders: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  connections: number;
  /**
   * CPU per order while they were placed, in ms: the server's, and PostgreSQL's (that of every
   * PostgreSQL running on this machine, taken to be the bench's; undefined when none runs here).
   */
  serverCpuMs: number | undefined;
  postgresCpuMs: number | undefined;
  /** PostgreSQL's CPU per pgbench transaction, in ms, for comparison. */
  pgbenchPostgresCpuMs: number | undefined;
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

interface Placed {
  result: AutocannonResult;
  serverCpuMs: number | undefined;
  postgresCpuMs: number | undefined;
}

/**
 * Contract market orders (1 lot of BTCUSDT at 10x) from many users for SECONDS, with the CPU the
 * server and PostgreSQL spent on each.
 */
async function placeOrders(url: string, tokens: string[]): Promise<Placed> {
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
      ...SERVER_NODE_FLAGS,
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
    const request: AutocannonRequest = {
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
    const pid = child.process.pid;
    const [serverBefore, postgresBefore] = [processCpuSeconds(pid), postgresCpuSeconds()];
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [request],
    });
    const [serverAfter, postgresAfter] = [processCpuSeconds(pid), postgresCpuSeconds()];
    const placed = result.requests.total;
    return {
      result,
      serverCpuMs: msPer(serverBefore, serverAfter, placed),
      postgresCpuMs: msPer(postgresBefore, postgresAfter, placed),
    };
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchOrders(pgUrl: string): Promise<OrdersFigure> {
  const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  try {
    const pgbench = await pgbenchMeasured(admin, pgUrl);

    const url = await scratch(admin, pgUrl, 'swx_bench_orders');
    const database = openPostgres(url, 10);
    let tokens: string[];
    try {
      await database.migrate();
      await seed(database);
      tokens = await prepareUsers(database, USERS);
    } finally {
      await database.close();
    }
    const { result: orders, serverCpuMs, postgresCpuMs } = await placeOrders(url, tokens);

    const settleUrl = await scratch(admin, pgUrl, 'swx_bench_settle');
    // A failure here must not hide the orders figure measured above.
    const settleTimes = await settleInChild(settleUrl).catch((error: unknown) => {
      log(`tick to settlement failed: ${error instanceof Error ? error.message : String(error)}`);
      return [] as number[];
    });
    // Every tick's time, so a slow one can be told apart from a slow run.
    log(`settling ticks (ms, the first cold): ${settleTimes.map((ms) => ms.toFixed(0)).join(' ')}`);
    const [settleColdMs = Number.NaN, ...measured] = settleTimes;
    const sorted = [...measured].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    return {
      pgbenchTps: pgbench.tps,
      pgbenchClients: PGBENCH_CLIENTS,
      serverCpuMs,
      postgresCpuMs,
      pgbenchPostgresCpuMs: pgbench.postgresCpuMs,
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
