// Runs the Playwright suite against the built server: a free port, a throwaway data directory,
// and a guaranteed teardown. It does not build; `npm run test:e2e` builds first.
// Extra arguments go to `playwright test` (e.g. `node scripts/e2e.js --project desktop`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'apps/server/dist/main.js');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 200_000;

/** Asks the OS for a free port. Another process could take it before the server binds; rare enough. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function isHealthy(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) return false;
    const body = await response.json();
    return body?.status === 'ok';
  } catch {
    return false;
  }
}

function startServer(port, dataDir) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return { child, exited, output: () => output };
}

async function waitUntilHealthy(server, baseUrl) {
  let exit;
  server.exited.then((e) => (exit = e));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `server exited before it was ready (code ${exit.code}, signal ${exit.signal})`,
      );
    }
    if (await isHealthy(baseUrl)) return;
    await sleep(250);
  }
  throw new Error(`server did not answer ${baseUrl}/healthz within ${READY_TIMEOUT_MS / 1000} s`);
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([
    server.exited.then(() => true),
    sleep(STOP_TIMEOUT_MS).then(() => false),
  ]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

function runPlaywright(baseUrl, args) {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const child = spawn(process.execPath, [cli, 'test', ...args], {
    cwd: root,
    env: { ...process.env, E2E_BASE_URL: baseUrl },
    stdio: 'inherit',
  });
  return new Promise((r) => child.once('exit', (code, signal) => r(code ?? (signal ? 1 : 0))));
}

function printServerOutput(server, why) {
  const text = server.output().trim();
  console.error(
    `\n--- server output (${why}) ---\n${text || '(none)'}\n--- end of server output ---\n`,
  );
}

async function main() {
  if (!existsSync(serverEntry)) {
    console.error(
      `e2e: ${serverEntry} is missing. Build first: npm run build (or use npm run test:e2e).`,
    );
    return 1;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'swx-e2e-'));
  const server = startServer(port, dataDir);

  // Ctrl-C must still stop the server and remove the data directory.
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    try {
      await waitUntilHealthy(server, baseUrl);
    } catch (error) {
      console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
      printServerOutput(server, 'startup failed');
      return 1;
    }
    console.log(`e2e: server ready at ${baseUrl} (data in ${dataDir})`);
    const code = await runPlaywright(baseUrl, process.argv.slice(2));
    if (code !== 0) printServerOutput(server, `playwright exited with ${code}`);
    return interrupted ? 130 : code;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
