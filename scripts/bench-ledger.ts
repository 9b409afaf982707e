// Ledger transfers per second for `npm run bench` (scripts/bench.ts): postAlone between random pairs
// of funded users on PGlite and on PostgreSQL, at one and at many at once, with the invariants
// checked afterwards; on PostgreSQL beside pgbench's TPC-B on the same server.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { log, message, pgbenchBeside, redact, scratch } from './bench-support';
import {
  findInvariantBreaches,
  postAlone,
  transferPostings,
  type AccountRef,
} from '../apps/server/src/modules/ledger';
import { insertUser } from '../apps/server/src/modules/users';
import { openPglite, openPostgres, type Database } from '../apps/server/src/platform/db';
import { seed } from '../apps/server/src/seed';

export const USERS = 50;
export const ASSET = 'USDT';
export const TRANSFER_AMOUNT = '1.5';
// Enough that no user can run dry, even if one loses every transfer of the run.
const FUNDING = '1000000';
export const WARMUP_MS = 1_000;
const CONCURRENCIES = [1, 16] as const;
const TRANSFERS = { pglite: 2_000, postgres: 5_000 } as const;
export const PG_POOL_MAX = 20;
const PG_SCRATCH_DB = 'swx_bench';

export type DbKind = Database['kind'];

export interface LedgerFigure {
  database: DbKind;
  concurrency: number;
  warmupTransfers: number;
  transfers: number;
  seconds: number;
  transfersPerSecond: number;
}

export interface LedgerResults {
  users: number;
  asset: string;
  amount: string;
  figures: LedgerFigure[];
  invariantsHold: Partial<Record<DbKind, boolean>>;
  postgres: {
    status: 'ok' | 'skipped' | 'failed';
    url: string;
    serverVersion?: string;
    note?: string;
    /** pgbench TPC-B on the same server just before the ledger's PostgreSQL figures. */
    pgbenchTps?: number;
  };
}

/** The ledger's part of the results before anything is measured. */
export function newLedgerResults(pgUrl: string): LedgerResults {
  return {
    users: USERS,
    asset: ASSET,
    amount: TRANSFER_AMOUNT,
    figures: [],
    invariantsHold: {},
    postgres: { status: 'ok', url: redact(pgUrl) },
  };
}

const HOUSE: AccountRef = { owner: 'system', name: 'house' };
const userAccount = (userId: number): AccountRef => ({
  owner: 'user',
  userId,
  bucket: 'available',
});

/** Migrates, seeds, creates the users and funds each from the house. */
async function prepareLedger(database: Database): Promise<number[]> {
  await database.migrate();
  await seed(database);
  const users: number[] = [];
  for (let i = 0; i < USERS; i++) {
    users.push(await insertUser(database.db, { username: `bench_user_${i}` }));
  }
  for (const userId of users) {
    await postAlone(database.db, {
      kind: 'bench.fund',
      ref: `fund-${userId}`,
      mode: 'real',
      postings: transferPostings(HOUSE, userAccount(userId), ASSET, FUNDING),
    });
  }
  return users;
}

/**
 * Runs `concurrency` async workers that take turns claiming work until `claim` says stop. The first
 * failure stops every worker and is rethrown, so a broken ledger cannot pass as a slow one.
 */
async function runWorkers(
  concurrency: number,
  claim: () => boolean,
  work: () => Promise<void>,
): Promise<number> {
  let done = 0;
  let failure: Error | undefined;
  const worker = async () => {
    while (failure === undefined && claim()) {
      try {
        await work();
        done++;
      } catch (error) {
        failure ??= error instanceof Error ? error : new Error(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failure) throw failure;
  return done;
}

async function benchLedger(
  database: Database,
  count: number,
  ledger: LedgerResults,
): Promise<void> {
  const users = await prepareLedger(database);
  let sequence = 0;
  // Random pairs spread the row locks like real traffic does; the same pair may collide under
  // concurrency, which the ledger's ordered locking must absorb.
  const transfer = async () => {
    const fromIndex = Math.floor(Math.random() * users.length);
    const toIndex = (fromIndex + 1 + Math.floor(Math.random() * (users.length - 1))) % users.length;
    const from = users[fromIndex];
    const to = users[toIndex];
    if (from === undefined || to === undefined) throw new Error('user index out of range');
    sequence++;
    await postAlone(database.db, {
      kind: 'bench.transfer',
      ref: `t-${sequence}`,
      mode: 'real',
      postings: transferPostings(userAccount(from), userAccount(to), ASSET, TRANSFER_AMOUNT),
    });
  };

  for (const concurrency of CONCURRENCIES) {
    const warmUntil = performance.now() + WARMUP_MS;
    const warmupTransfers = await runWorkers(
      concurrency,
      () => performance.now() < warmUntil,
      transfer,
    );
    let claimed = 0;
    const started = performance.now();
    const transfers = await runWorkers(concurrency, () => claimed++ < count, transfer);
    const seconds = (performance.now() - started) / 1000;
    const figure: LedgerFigure = {
      database: database.kind,
      concurrency,
      warmupTransfers,
      transfers,
      seconds,
      transfersPerSecond: transfers / seconds,
    };
    ledger.figures.push(figure);
    log(
      `${dbLabel(database.kind)} concurrency ${concurrency}: ${transfers} transfers in ` +
        `${seconds.toFixed(2)} s = ${Math.round(figure.transfersPerSecond)} transfers/s`,
    );
  }

  const breaches = await findInvariantBreaches(database.db);
  ledger.invariantsHold[database.kind] = breaches.length === 0;
  if (breaches.length > 0) {
    const sample = breaches.slice(0, 5).map((b) => `${b.invariant}: ${b.detail}`);
    throw new Error(`${breaches.length} ledger invariant breaches, e.g.\n  ${sample.join('\n  ')}`);
  }
  log(`ledger invariants hold: ${dbLabel(database.kind)}`);
}

export function dbLabel(kind: DbKind): string {
  return kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL';
}

/** Transfers on PGlite in memory, each concurrency after its warm-up, into `ledger`. */
export async function benchPglite(ledger: LedgerResults): Promise<void> {
  const database = await openPglite(undefined);
  try {
    await benchLedger(database, TRANSFERS.pglite, ledger);
  } finally {
    await database.close();
  }
}

/**
 * The same on PostgreSQL (a scratch database on the server of `pgUrl`), beside pgbench's TPC-B
 * measured just before; skipped, and said so, when the server cannot be reached.
 */
export async function benchPostgres(ledger: LedgerResults, pgUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3_000 });
  admin.on('error', () => {
    // A lost admin connection surfaces on its next query; this keeps it from crashing the run.
  });
  try {
    await admin.connect();
  } catch (error) {
    ledger.postgres = { status: 'skipped', url: redact(pgUrl), note: message(error) };
    log(`PostgreSQL: skipped (not reachable at ${redact(pgUrl)}: ${message(error)})`);
    await admin.end().catch(() => undefined);
    return;
  }
  const version = await admin.query<{ server_version: string }>('show server_version');
  const serverVersion = version.rows[0]?.server_version;
  ledger.postgres = {
    status: 'ok',
    url: redact(pgUrl),
    ...(serverVersion ? { serverVersion } : {}),
  };

  try {
    ledger.postgres.pgbenchTps = await pgbenchBeside(admin, pgUrl);
    // A scratch database, so the run starts empty and never touches the database in the URL.
    const database = openPostgres(await scratch(admin, pgUrl, PG_SCRATCH_DB), PG_POOL_MAX);
    try {
      await benchLedger(database, TRANSFERS.postgres, ledger);
    } finally {
      await database.close();
    }
  } catch (error) {
    ledger.postgres.status = 'failed';
    throw error;
  } finally {
    await admin
      .query(`drop database if exists ${PG_SCRATCH_DB} with (force)`)
      .catch((error: unknown) => {
        log(`could not drop ${PG_SCRATCH_DB}: ${message(error)}`);
      });
    await admin.end().catch(() => undefined);
  }
}
