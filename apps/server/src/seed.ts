import { seedContent } from './modules/content';
import { ensureSystemAccounts } from './modules/ledger';
import { seedInstruments, selectInstruments } from './modules/markets';
import { seedOptionsProducts } from './modules/options';
import { insertMissingParams } from './modules/params';
import { ensureFirstAdmin } from './modules/staff';
import { seedCannedReplies } from './modules/support';
import type { Database } from './platform/db';

/**
 * Idempotent seed, run at every boot under the cluster lock: missing system parameters with their
 * defaults, the system ledger accounts, the shipped help-centre content, the instruments with an options
 * product each, and on first start the first staff
 * admin.
 */
export async function seed(database: Database) {
  return database.withLock('seed', async () => {
    await insertMissingParams(database.db);
    await ensureSystemAccounts(database.db);
    await seedContent(database.db);
    await seedInstruments(database.db);
    await seedOptionsProducts(
      database.db,
      (await selectInstruments(database.db)).map((i) => i.code),
    );
    await seedCannedReplies(database.db);
    return { firstAdmin: await ensureFirstAdmin(database.db) };
  });
}
