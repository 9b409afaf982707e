/**
 * `npm run ledger:check`: verifies the ledger's invariants on the configured database (the same
 * DATABASE_URL / DATA_DIR as the server) and exits non-zero on any breach:
 *   every balance equals the sum of its postings; per asset and mode all balances sum to zero;
 *   no user balance is negative (plus: every transaction balances per asset, and no posting
 *   crosses modes or assets).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { findInvariantBreaches } from '../modules/ledger';
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const pidFile = join(config.DATA_DIR, 'server.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : NaN;
    if (Number.isInteger(pid) && pid > 0) {
      let alive = true;
      try {
        process.kill(pid, 0);
      } catch {
        alive = false;
      }
      if (alive) {
        console.error(
          `The server (pid ${pid}) holds the embedded database in ${config.DATA_DIR}; stop it first, or run on PostgreSQL.`,
        );
        return 2;
      }
    }
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const counts = (await database.db.execute<Record<string, unknown>>(sql`
      select (select count(*) from ledger_accounts)::int as accounts,
             (select count(*) from ledger_transactions)::int as transactions,
             (select count(*) from ledger_postings)::int as postings`)) as {
      rows: { accounts: number; transactions: number; postings: number }[];
    };
    const c = counts.rows[0];
    const breaches = await findInvariantBreaches(database.db);
    console.log(
      `ledger: ${c?.accounts ?? 0} accounts, ${c?.transactions ?? 0} transactions, ${c?.postings ?? 0} postings (${database.kind})`,
    );
    if (breaches.length === 0) {
      console.log('ledger invariants hold');
      return 0;
    }
    console.error(`ledger invariants BROKEN (${breaches.length}):`);
    for (const b of breaches.slice(0, 200)) console.error(`  ${b.invariant}: ${b.detail}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
