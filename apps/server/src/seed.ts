import { seedContent } from './modules/content';
import { ensureSystemAccounts } from './modules/ledger';
import { seedInstruments } from './modules/markets';
import { insertMissingParams } from './modules/params';
import { ensureFirstAdmin } from './modules/staff';
import type { Database } from './platform/db';

/**
 * Idempotent seed, run at every boot under the cluster lock: missing system parameters with their
 * defaults, the system ledger accounts, the shipped help-centre content, and on first start the first staff
 * admin.
 */
export async function seed(database: Database) {
  return database.withLock('seed', async () => {
    await insertMissingParams(database.db);
    await ensureSystemAccounts(database.db);
    await seedContent(database.db);
    await seedInstruments(database.db);
    return { firstAdmin: await ensureFirstAdmin(database.db) };
  });
}
