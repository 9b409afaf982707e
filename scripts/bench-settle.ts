// The time from one tick to the settlement of the thousand options it reaches, measured in a
// process of its own (a server's, with nothing of the other sections' in its heap): run by
// bench-orders.ts as `node --import tsx scripts/bench-settle.ts <database url>`, it prints the
// ticks' times in ms as JSON on its last line.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { postAlone, transferPostings } from '../apps/server/src/modules/ledger';
import { insertUser } from '../apps/server/src/modules/users';
import { startNode } from '../apps/server/src/node';
import { createSession } from '../apps/server/src/platform/auth';
import { loadConfig } from '../apps/server/src/platform/config';
import type { Database } from '../apps/server/src/platform/db';
import { root } from './bench-support';
import { SERVER_NODE_FLAGS } from './server-flags.js';

export const SETTLE_COUNT = 1_000;
export const SETTLE_USERS = 100;
/** Measured ticks after the first; with 20 the p99 is the slowest of them. */
const SETTLE_TICKS = 20;
const BUY_CONCURRENCY = 8;

/** Users with sessions and a large real USDT balance, written before the server starts. */
export async function prepareUsers(database: Database, count: number): Promise<string[]> {
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

/**
 * SETTLE_COUNT options of SETTLE_USERS users, bought in one second, expire together: one tick
 * settles them all. That is done for 1 + SETTLE_TICKS seconds in a row on one server, one tick a
 * second of wall time, as a running server settles: the first tick is reported apart (cold), the
 * others give p50 and p99.
 */
export async function tickToSettlement(url: string): Promise<number[]> {
  const start = 1_795_000_000;
  const clock = { seconds: start };
  const dataDir = mkdtempSync(join(tmpdir(), 'swx-bench-settle-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    JOBS_ENABLED: 'false',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
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
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `tickToSettlement` in a child process: the ticks' times in ms, the first cold. */
export function settleInChild(url: string): Promise<number[]> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', join(root, 'scripts/bench-settle.ts'), url],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('[')) resolve(JSON.parse(last) as number[]);
      else reject(new Error(`settlement child exited ${code}:\n${out.slice(-2_000)}`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: bench-settle.ts <database url>');
  console.log(JSON.stringify(await tickToSettlement(url)));
  process.exit(0);
}
