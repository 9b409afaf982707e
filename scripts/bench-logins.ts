// Logins per second: the password check alone (argon2id at the product's parameters, as many at
// once as the machine has cores), and whole HTTP logins (POST /swx/customer/login/login: lookup,
// throttle count, argon2id verify, session insert, device check) on the embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { insertUser } from '../apps/server/src/modules/users';
import { startNode } from '../apps/server/src/node';
import { loadConfig } from '../apps/server/src/platform/config';
import {
  ARGON2ID_PARAMETERS,
  hashPassword,
  verifyPassword,
} from '../apps/server/src/platform/passwords';
import { autocannon, type AutocannonRequest } from './bench-support';

export interface LoginFigure {
  parameters: string;
  verifySeconds: number;
  verifiesPerSecond: number;
  verifyConcurrency: number;
  httpConnections: number;
  httpSeconds: number;
  loginsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const PASSWORD = 'Bench-Password-2026';
const USERS = 32;

async function verifyRate(hash: string, concurrency: number, seconds: number) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (!(await verifyPassword(hash, PASSWORD))) throw new Error('verify failed');
        done += 1;
      }
    }),
  );
  return done / seconds;
}

export async function benchLogins(seconds = 10): Promise<LoginFigure> {
  const hash = await hashPassword(PASSWORD);
  const concurrency = availableParallelism();
  const verifiesPerSecond = await verifyRate(hash, concurrency, Math.min(5, seconds));

  const dataDir = mkdtempSync(join(tmpdir(), 'swx-bench-logins-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JOBS_ENABLED: 'false',
    WEB_DIST: '/nonexistent',
    ADMIN_DIST: '/nonexistent',
    // One address sends every login here; the per-address limits are lifted for the measurement.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_MAX: '100000000',
  });
  const node = await startNode(config);
  try {
    const usernames: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const username = `bench_${i}_${Date.now().toString(36)}`;
      await insertUser(node.database.db, { username, passwordHash: hash });
      usernames.push(username);
    }
    const address = await node.app.listen({ port: 0, host: '127.0.0.1' });
    let next = 0;
    const request: AutocannonRequest = {
      method: 'POST',
      path: '/swx/customer/login/login',
      headers: { 'content-type': 'application/json', 'user-agent': 'swx-bench' },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ account: usernames[next++ % USERS], password: PASSWORD }),
      }),
    };
    const connections = concurrency * 4;
    // Warm-up: connection pools, JIT, first session rows.
    await autocannon({ url: address, connections, duration: 2, requests: [request] });
    const result = await autocannon({
      url: address,
      connections,
      duration: seconds,
      requests: [request],
    });
    return {
      parameters: `argon2id m=${ARGON2ID_PARAMETERS.memoryCost} KiB, t=${ARGON2ID_PARAMETERS.timeCost}, p=${ARGON2ID_PARAMETERS.parallelism}`,
      verifySeconds: Math.min(5, seconds),
      verifiesPerSecond,
      verifyConcurrency: concurrency,
      httpConnections: connections,
      httpSeconds: seconds,
      loginsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  } finally {
    await node.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench-logins.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchLogins());
}
