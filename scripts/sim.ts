/**
 * `npm run sim -- --ops 1000000`: the long run of the seeded whole-system simulation (issue 13).
 * Options: --seed N (default 1), --ops N (default 20000), --users N (default 300), --kill-every N
 * (mean operations between SIGKILLs, default 400), --check-every N (default 50; in long runs at
 * least every 1/200 of the operations so far), --seeds N (run N seeds from --seed on), --full-checks
 * (every check reads the whole database; by default only the first and the last do, the others
 * read what changed since the check before). On PostgreSQL when SIM_DATABASE_URL is set (a scratch database is
 * created on that server for each seed), else on PGlite in a fresh directory on disk.
 * Prints progress, and per seed the operations by kind, kills, invariant checks and time; a
 * failing seed is printed with the command that replays it, and the exit code is 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSimulation, SimFailure } from '../apps/server/test/sim/engine';
import { createScratchPostgres } from '../apps/server/test/support/test-db';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const first = arg('seed', 1);
const seeds = arg('seeds', 1);
const ops = arg('ops', 20_000);
const users = arg('users', 300);
const killEvery = arg('kill-every', 400);
const checkEvery = arg('check-every', 50);
const fullChecks = process.argv.includes('--full-checks');
const serverUrl = process.env.SIM_DATABASE_URL;

const scratch = (name: string) => {
  if (!serverUrl) throw new Error('SIM_DATABASE_URL is not set');
  return createScratchPostgres(name, serverUrl);
};

let failed = false;
const totals = { ops: 0, kills: 0, checks: 0, ms: 0 };
for (let seed = first; seed < first + seeds; seed++) {
  const dir = serverUrl ? undefined : mkdtempSync(join(tmpdir(), 'swx-sim-'));
  const database = dir
    ? { kind: 'pglite' as const, dir }
    : { kind: 'postgres' as const, url: await scratch(`swx_sim_${seed}`) };
  console.log(`seed ${seed}: ${ops} operations, ${users} users, on ${database.kind}`);
  try {
    const report = await runSimulation({
      seed,
      ops,
      users,
      killEvery,
      checkEvery,
      // Past 50 x 200 operations the checks space out as the run grows (the accounts, and what is
      // running or due, grow with it).
      checkGrowth: 200,
      fullChecks,
      database,
      ...(process.env.SIM_REDIS_URL ? { redisUrl: process.env.SIM_REDIS_URL } : {}),
      replay: (s) =>
        `${serverUrl ? 'SIM_DATABASE_URL=... ' : ''}npm run sim -- --seed ${s} --ops ${ops} --users ${users} --kill-every ${killEvery} --check-every ${checkEvery}${fullChecks ? ' --full-checks' : ''}`,
      log: (line) => console.log(line),
      progressEvery: 1000,
    });
    totals.ops += report.ops;
    totals.kills += report.kills;
    totals.checks += report.checks;
    totals.ms += report.wallMs;
    console.log(
      `seed ${seed} held: ${report.ops} operations in ${(report.wallMs / 1000).toFixed(1)} s ` +
        `(${((report.ops * 1000) / report.wallMs).toFixed(1)} ops/s), ${report.kills} kills (SIGKILL) ` +
        `and restarts, ${report.checks} invariant checks, ` +
        `${(report.simulatedSeconds / 86_400).toFixed(1)} simulated days`,
    );
    console.log(`operations by kind: ${JSON.stringify(report.byKind)}`);
    console.log(`milliseconds by kind: ${JSON.stringify(report.msByKind)}`);
    console.log(`replies: ${JSON.stringify(report.outcomes)}`);
  } catch (error) {
    failed = true;
    console.error(error instanceof SimFailure ? error.message : error);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
if (seeds > 1)
  console.log(
    `all seeds: ${totals.ops} operations, ${totals.kills} kills, ${totals.checks} checks, ` +
      `${(totals.ms / 1000).toFixed(1)} s`,
  );
process.exit(failed ? 1 : 0);
