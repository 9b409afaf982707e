import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../platform/config';

/**
 * PGlite's files belong to one process. A command-line check must not open them while the server
 * runs; returns the reason to refuse, or undefined.
 */
export function refuseWhileServerHoldsData(config: Config): string | undefined {
  if (config.DATABASE_URL) return undefined;
  const pidFile = join(config.DATA_DIR, 'server.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : Number.NaN;
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return `The server (pid ${pid}) holds the embedded database in ${config.DATA_DIR}; stop it first, or run on PostgreSQL.`;
}
