/**
 * `npm run ledger:check`: verifies the ledger's invariants on the configured database (the same
 * DATABASE_URL / DATA_DIR as the server) and exits non-zero on any breach:
 *   every balance equals the sum of its postings; per asset and mode all balances sum to zero;
 *   no user balance is negative (plus: every transaction balances per asset, and no posting
 *   crosses modes or assets).
 */
import { sql } from 'drizzle-orm';
import { findInvariantBreaches } from '../modules/ledger';
import { runCheck } from './run-check';

runCheck(async (database) => {
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
});
