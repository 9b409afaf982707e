import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { isErrorCode } from '@swx/contract';
import { AppError } from './errors';
import { migrationsFolder } from './paths';
import type { Deferred } from './pg-fold';
import { foldingOf, prepareStatements } from './pg-prepared';

type NoRelations = ExtractTablesWithRelations<Record<string, never>>;
/** The database handle every repo takes: PGlite and node-postgres share this interface. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, NoRelations>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs `work` while holding a cluster-wide lock (an advisory lock on PostgreSQL). */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs `statement` (its text prepared under `name`) in the transaction `tx`, in the same message
 * as the next statement the transaction sends: its COMMIT, when this is called after the work
 * (pg-fold.ts). Should it fail, that next statement does not run and reports its error. Returns
 * false where that cannot be done (PGlite, which is in process: a round trip costs it nothing):
 * the caller then runs the statement itself.
 */
export function deferStatement(tx: Tx, statement: Deferred): boolean {
  const folding = foldingOf((tx as unknown as { session?: { client?: unknown } }).session?.client);
  if (!folding) return false;
  folding.defer(statement);
  return true;
}

function lockId(name: string): bigint {
  // A stable 63-bit id from the name (FNV-1a), so every node picks the same advisory lock.
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(name)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash & 0x7fffffffffffffffn;
}

export function openPostgres(url: string, poolMax = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  prepareStatements(pool);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  // A refusal raised in the message with the COMMIT comes out of the transaction as a whole.
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) =>
    transaction(work, config).catch((error: unknown) => {
      throw refusalOf(error) ?? error;
    });
  const withLock = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [lockId(name).toString()]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [lockId(name).toString()]);
      }
    } finally {
      client.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    migrate: () =>
      withLock('migrations', () =>
        migratePg(db as unknown as Parameters<typeof migratePg>[0], {
          migrationsFolder: migrationsFolder(),
        }),
      ),
    withLock,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL: data under `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  // One process owns a PGlite directory, so a process-local queue is a cluster-wide lock.
  let chain: Promise<unknown> = Promise.resolve();
  const withLock = <T>(_name: string, work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(db as unknown as Parameters<typeof migratePglite>[0], {
        migrationsFolder: migrationsFolder(),
      }),
    withLock,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_MAX: number;
  DATA_DIR: string;
}): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_MAX)
    : openPglite(join(config.DATA_DIR, 'pg'));
}

/**
 * The catalogue's refusal that a database function raised as SQLSTATE `SXnnn` (code 10nnn: a
 * balance that would go below zero, SX092; an Idempotency-Key no longer held, SX106), or undefined
 * for any other error. Such a function runs in the same message as the COMMIT (pg-fold.ts), so the
 * refusal comes out of the transaction as a whole; drizzle carries the driver's error as a cause.
 */
export function refusalOf(error: unknown): AppError | undefined {
  for (const { code } of causes(error)) {
    const match = typeof code === 'string' ? /^SX(\d{3})$/.exec(code) : null;
    const catalogue = match ? 10_000 + Number(match[1]) : undefined;
    if (catalogue !== undefined && isErrorCode(catalogue)) return new AppError(catalogue);
  }
  return undefined;
}

/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or undefined for any other error.
 * Drizzle wraps driver errors; pg and PGlite both carry `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (const { code, constraint } of causes(error)) {
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/** An error and the causes it carries (drizzle wraps the driver's error), at most four deep. */
function* causes(error: unknown): Generator<{ code?: unknown; constraint?: unknown }> {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    yield candidate;
    e = candidate.cause;
  }
}
