import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase, runSimulation, SimFailure, type SimOptions } from './sim/engine';
import { createScratchPostgres, TEST_DATABASE_URL, TEST_REDIS_URL } from './support/test-db';

/**
 * Issue 13, "seeded whole-system simulation", the short seed set CI runs (on PGlite, and again on
 * PostgreSQL with Redis): a few seeds of random operations of every product through the real
 * routes, the server process killed with SIGKILL and restarted on the same database, the
 * invariants checked as it goes (./sim/invariants.ts). A failing seed is printed with its replay
 * command. The long run is `npm run sim -- --ops 1000000`.
 *
 * SIM_SEEDS=1,2 and SIM_OPS=500 replay other seeds or lengths here.
 */
const SEEDS = (process.env.SIM_SEEDS ?? '20261125,7').split(',').map(Number);
const OPS = Number(process.env.SIM_OPS ?? 150);
const USERS = Number(process.env.SIM_USERS ?? 120);
const pool = process.env.VITEST_POOL_ID ?? '0';
const replay = (seed: number) =>
  `${TEST_DATABASE_URL ? 'TEST_DATABASE_URL=... TEST_REDIS_URL=... ' : ''}SIM_SEEDS=${seed} SIM_OPS=${OPS} SIM_USERS=${USERS} npx vitest run apps/server/test/whole-system-simulation.test.ts`;

let template: string | undefined;
const dirs: string[] = [];

/** A fresh database for one run: a copy of a migrated PGlite directory, or a scratch database. */
async function freshDatabase(name: string): Promise<SimOptions['database']> {
  if (TEST_DATABASE_URL)
    return { kind: 'postgres', url: await createScratchPostgres(`swx_test_sim_${name}_w${pool}`) };
  const dir = mkdtempSync(join(tmpdir(), `swx-sim-${name}-`));
  dirs.push(dir);
  if (template) cpSync(template, dir, { recursive: true });
  return { kind: 'pglite', dir };
}

beforeAll(async () => {
  if (TEST_DATABASE_URL) return;
  // Migrating an empty PGlite directory takes most of a boot: do it once and copy it per run.
  template = mkdtempSync(join(tmpdir(), 'swx-sim-template-'));
  dirs.push(template);
  await prepareDatabase({ kind: 'pglite', dir: template });
}, 180_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const log = (line: string) => {
  if (process.env.SIM_VERBOSE) console.log(line);
};

describe('seeded whole-system simulation', () => {
  it.each(SEEDS)(
    'seed %i: every product, SIGKILLs and restarts, invariants after every step',
    async (seed) => {
      const report = await runSimulation({
        seed,
        ops: OPS,
        users: USERS,
        killEvery: 0,
        // Every run has real kills: in the middle of whatever operation these numbers draw.
        killAtOps: [Math.floor(OPS / 3), Math.floor((2 * OPS) / 3)],
        checkEvery: 5,
        finalDays: 8,
        database: await freshDatabase(String(seed)),
        ...(TEST_REDIS_URL ? { redisUrl: TEST_REDIS_URL } : {}),
        replay,
        log: (line) => {
          if (line.startsWith('whole-system simulation failed')) console.error(line);
          else log(line);
        },
      });
      console.log(
        `whole-system simulation seed ${seed}: ${report.ops} operations, ${report.kills} kills, ` +
          `${report.checks} invariant checks, ${(report.wallMs / 1000).toFixed(1)} s; ` +
          JSON.stringify(report.byKind),
      );
      expect(report.kills).toBeGreaterThanOrEqual(2);
      // Every product was exercised (the seed set is chosen so that each shows up).
      for (const kind of [
        'spot.submit',
        'contract.open',
        'options.buy',
        'convert',
        'deposit.review',
        'withdraw.review',
        'plan.buy',
        'loan.apply',
        'nft.bid',
        'clock.jump',
      ])
        expect(report.byKind[kind], kind).toBeGreaterThan(0);
    },
    600_000,
  );

  it.each([
    ['unbalanced', 'ledger.transaction_balances'],
    ['settle-twice', 'entry_has_object'],
    // The check after a breach reads only what changed: these two are seen by their rows' own
    // changes, not through a new ledger entry.
    ['balance-edit', 'ledger.balance_equals_postings'],
    ['state-edit', 'option_settled_once'],
  ] as const)(
    'a deliberate breach (%s) fails the run, naming the seed and its replay',
    async (fault, invariant) => {
      const seed = 4242;
      const run = runSimulation({
        seed,
        ops: 60,
        users: 8,
        killEvery: 0,
        checkEvery: 1000,
        fault: { atOp: 50, kind: fault },
        database: await freshDatabase(`breach_${fault.replace('-', '_')}`),
        ...(TEST_REDIS_URL ? { redisUrl: TEST_REDIS_URL } : {}),
        replay,
      });
      const error = await run.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SimFailure);
      const failure = error as SimFailure;
      expect(failure.message).toContain(`seed ${seed}, operation 50`);
      expect(failure.message).toContain(`replay with: `);
      expect(failure.message).toContain(`SIM_SEEDS=${seed}`);
      expect(failure.breaches.map((b) => b.invariant)).toContain(invariant);
    },
    300_000,
  );
});
