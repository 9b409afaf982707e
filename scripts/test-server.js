// Starts the built product (apps/server/dist/main.js) for browser runs: a free port, a throwaway
// data directory, and a guaranteed teardown. Used by scripts/e2e.js and scripts/screenshots.js.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.js';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = join(root, 'apps/server/dist/main.js');

// Room for a slow machine with the browser runs' servers starting side by side (scripts/e2e.js);
// a server that starts is not slowed by a longer limit.
const READY_TIMEOUT_MS = 120_000;
const BANNER_TIMEOUT_MS = 5_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 200_000;
const FIRST_START =
  /First start: staff account "([^"]+)" was created with the one-time password\r?\n[ \t]+(\S+)/;

/** Asks the OS for a free port. Another process could take it before the server binds; rare enough. */
export function freePort() {
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

/** The address the start banner gives (`Customer app:  http://localhost:<port>/`), if printed. */
function listeningAt(output) {
  const match = /Customer app:\s+http:\/\/[^\s/]+:(\d+)\//.exec(output);
  return match ? `http://127.0.0.1:${match[1]}` : undefined;
}

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

/**
 * The staff account and one-time password the server prints on its first start, or undefined.
 * @param {string} output
 */
export function firstStartCredentials(output) {
  const match = FIRST_START.exec(output);
  return match ? { username: match[1], password: match[2] } : undefined;
}

/**
 * @typedef {object} TestServer
 * @property {string} baseUrl
 * @property {number} port
 * @property {string} dataDir
 * @property {{ username: string, password: string } | undefined} firstAdmin
 * @property {() => string} output everything the server printed (the last 200 kB)
 * @property {() => Promise<void>} stop stops the server and removes the data directory
 * @property {() => Promise<void>} kill kills the server at once (SIGKILL), as a crash would
 */

/**
 * Starts the server and resolves once /healthz answers and the start banner is out. A node of a
 * cluster (scripts/e2e-cluster.js) restarts on the port of its first start, so the load balancer
 * finds it again.
 * @param {{ env?: Record<string, string>, port?: number }} [options]
 * @returns {Promise<TestServer>}
 */
export async function startTestServer(options = {}) {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing. Build first: npm run build.`);
  }
  // Without a given port the server takes one from the OS when it listens and prints it: a port
  // looked up free before its start (several seconds) could meanwhile become another socket's.
  let baseUrl = options.port === undefined ? undefined : `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'swx-test-'));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      // The banner gives the port the run reads (listeningAt) only without a public address: a
      // PUBLIC_URL exported in the shell would stand in its place. (spawn leaves undefined out.)
      PUBLIC_URL: undefined,
      PORT: String(options.port ?? 0),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      // Every browser of a run comes from 127.0.0.1, and a page load is a dozen requests (code
      // split into chunks, catalogues, API calls): the per-address limit is for real traffic.
      RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit;
  const exited = new Promise((r) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      r(exit);
    }),
  );

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([
        exited.then(() => true),
        sleep(STOP_TIMEOUT_MS).then(() => false),
      ]);
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (exit) {
        throw new Error(
          `server exited before it was ready (code ${exit.code}, signal ${exit.signal})`,
        );
      }
      baseUrl ??= listeningAt(output);
      if (baseUrl && (await isHealthy(baseUrl))) break;
      if (Date.now() > deadline) {
        throw new Error(
          `server did not answer ${baseUrl ?? '(no port printed)'}/healthz within ${READY_TIMEOUT_MS / 1000} s`,
        );
      }
      await sleep(250);
    }
    // The banner (with the first-start password) is printed right after listen().
    const bannerDeadline = Date.now() + BANNER_TIMEOUT_MS;
    while (!output.includes('Trading platform is running') && Date.now() < bannerDeadline) {
      await sleep(50);
    }
  } catch (error) {
    const text = output.trim();
    await stop();
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`${detail}\n--- server output ---\n${text || '(none)'}\n--- end ---`, {
      cause: error,
    });
  }

  return {
    baseUrl,
    port: Number(new URL(baseUrl).port),
    dataDir,
    firstAdmin: firstStartCredentials(output),
    output: () => output,
    stop,
    kill,
  };
}
