import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/platform/db';
import { seed } from '../../src/seed';

/** Set by CI (and by developers who want the real thing): run every test on PostgreSQL. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

let shared: Promise<Database> | undefined;

/**
 * A fresh database named `name` on the PostgreSQL server of `serverUrl` (by default the one named
 * by TEST_DATABASE_URL); answers its address.
 */
export async function createScratchPostgres(
  name: string,
  serverUrl: string | undefined = TEST_DATABASE_URL,
): Promise<string> {
  if (!serverUrl) throw new Error('no PostgreSQL server is named (TEST_DATABASE_URL)');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The database shared by the test files of one worker, migrated and seeded once: in-memory PGlite
 * by default, or a scratch database on PostgreSQL when TEST_DATABASE_URL is set.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const database = TEST_DATABASE_URL
      ? openPostgres(
          await createScratchPostgres(`swx_test_w${process.env.VITEST_POOL_ID ?? '0'}`),
          30,
        )
      : await openPglite(undefined);
    await database.migrate();
    await seed(database);
    return database;
  })();
  return shared;
}

export const usingPostgres = TEST_DATABASE_URL !== undefined;

/**
 * A database of its own for a test that must break or inspect the whole ledger (the shared one is
 * used by every file of the worker). Close it when done.
 */
export async function isolatedDatabase(name: string): Promise<Database> {
  const database = TEST_DATABASE_URL
    ? openPostgres(
        await createScratchPostgres(`swx_test_${name}_w${process.env.VITEST_POOL_ID ?? '0'}`),
        10,
      )
    : await openPglite(undefined);
  await database.migrate();
  await seed(database);
  return database;
}
