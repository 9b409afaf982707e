import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase, type Database } from '../platform/db';
import { refuseWhileServerHoldsData } from './data-dir-guard';

/**
 * Runs a command-line check against the configured database (the server's DATABASE_URL or
 * DATA_DIR) and exits with its code: 0 sound, 1 broken, 2 could not check.
 */
export function runCheck(check: (database: Database) => Promise<number>): void {
  const main = async (): Promise<number> => {
    const config = loadConfig();
    const busy = refuseWhileServerHoldsData(config);
    if (busy) {
      console.error(busy);
      return 2;
    }
    const database = await openDatabase(config);
    try {
      await database.migrate();
      return await check(database);
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(2);
    },
  );
}
