import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { startNode } from './node';
import { TEST_CLOCK_PATH } from './platform/test-clock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PGlite's files belong to one process: refuse to start a second server on the same DATA_DIR. */
function claimDataDir(config: Config): (() => void) | undefined {
  if (config.DATABASE_URL) return undefined;
  mkdirSync(config.DATA_DIR, { recursive: true });
  const pidFile = join(config.DATA_DIR, 'server.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
      throw new ConfigError(
        `Another server (pid ${pid}) is using ${config.DATA_DIR}. Stop it or set DATA_DIR.`,
      );
    }
  }
  writeFileSync(pidFile, String(process.pid));
  return () => rmSync(pidFile, { force: true });
}

async function main() {
  const config = loadConfig();
  const release = claimDataDir(config);
  const node = await startNode(config);
  const address = await node.app.listen({ host: config.HOST, port: config.PORT });
  const port = new URL(address).port;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [
    '',
    `  Trading platform is running (${node.database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL'}, ${node.bus.kind} event bus)`,
    `  Customer app:  ${url}/`,
    `  Back office:   ${url}/admin/`,
    `  API docs:      ${url}/docs`,
  ];
  if (config.TEST_CLOCK) {
    lines.push(
      '',
      `  TEST CLOCK: this server's time moves forward on POST ${TEST_CLOCK_PATH} (tests only)`,
    );
  }
  if (node.firstAdmin) {
    lines.push(
      '',
      `  First start: staff account "${node.firstAdmin.username}" was created with the one-time password`,
      `      ${node.firstAdmin.password}`,
      '  It is shown only now; you must change it at first login.',
    );
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    node.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await node.close();
    release?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Server failed to start:', error);
  }
  process.exit(1);
});
