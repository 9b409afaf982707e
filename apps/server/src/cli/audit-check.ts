/**
 * `npm run audit:check`: recomputes the staff audit log's hash chain on the configured database and
 * exits non-zero when an entry was edited, removed from the middle, or reordered.
 */
import { verifyAuditChain } from '../modules/audit';
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { refuseWhileServerHoldsData } from './data-dir-guard';

async function main(): Promise<number> {
  const config = loadConfig();
  const busy = refuseWhileServerHoldsData(config);
  if (busy) {
    console.error(busy);
    return 2;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const result = await verifyAuditChain(database.db);
    if (result.ok) {
      console.log(`audit log intact: ${result.checked} entries checked (${database.kind})`);
      return 0;
    }
    console.error(
      `audit log BROKEN at entry ${result.brokenAt} (${result.checked} entries before it are intact)`,
    );
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
