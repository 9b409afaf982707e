// WebSocket fan-out for `npm run bench`: BENCH_WS_CLIENTS clients (default 5,000), each subscribed
// to 20 of 500 instruments that tick once a second, against the product's hub and against a bare
// `ws` broadcast server doing the same work, one server at a time. Reports the publish-to-receipt
// delay (p50, p99) and the server's memory per connection. Loopback only; stops by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

export interface WsFigure {
  server: string;
  clients: number;
  connected: number;
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  memoryPerConnectionKb: number;
}

const CODES = 500;
const SUBS_PER_CLIENT = 20;
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env.BENCH_WS_SECONDS ?? '10') * 1000;
/**
 * How long connecting may take in all. A server that falls behind its fan-out answers handshakes
 * ever later (seen: a slower day's machine connected nothing more for 14 minutes); the run then
 * measures the clients that did connect and says how many (`connected`) instead of waiting on.
 */
const CONNECT_DEADLINE_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rss(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(10_000) });
  return ((await res.json()) as { rss: number }).rss;
}

async function waitForRss(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      await rss(port);
      await sleep(500); // the WebSocket port opens alongside
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`server did not start:\n${output()}`);
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(
  server: string,
  script: string[],
  wsPath: string,
  env: NodeJS.ProcessEnv,
  clients: number,
): Promise<WsFigure> {
  const port = await freePort();
  const rssPort = await freePort();
  const child = spawn(process.execPath, script, {
    env: { ...env, PORT: String(port), RSS_PORT: String(rssPort), BENCH_CODES: String(CODES) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const sockets: WebSocket[] = [];
  try {
    await waitForRss(rssPort, child, () => tail);
    const before = await rss(rssPort);
    let recording = false;
    const delays = new Float64Array(clients * SUBS_PER_CLIENT * Math.ceil(MEASURE_MS / 1000) * 2);
    let count = 0;
    const connectBy = Date.now() + CONNECT_DEADLINE_MS;
    const subscriptions = new Map<WebSocket, number>();
    for (let batch = 0; batch < clients && Date.now() < connectBy; batch += 250) {
      const opening = Promise.all(
        Array.from({ length: Math.min(250, clients - batch) }, (_, j) => {
          const i = batch + j;
          return new Promise<void>((resolve) => {
            const socket = new WebSocket(`ws://127.0.0.1:${port}${wsPath}`);
            socket.on('open', () => {
              sockets.push(socket);
              subscriptions.set(socket, i);
              resolve();
            });
            socket.on('message', (raw: Buffer) => {
              if (!recording) return;
              const text = raw.toString('utf8');
              const at = text.indexOf('"ts":"');
              if (at < 0) return;
              const sent = Date.parse(text.slice(at + 6, at + 30));
              if (count < delays.length) delays[count++] = Date.now() - sent;
            });
            socket.on('error', () => resolve());
            socket.on('close', () => resolve());
          });
        }),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        opening,
        new Promise((r) => (timer = setTimeout(r, Math.max(0, connectBy - Date.now())))),
      ]);
      clearTimeout(timer);
    }
    // Every client subscribes once all are connected: handshakes do not queue behind the fan-out
    // of the clients before them, and the figure is the fan-out's alone.
    for (const [socket, i] of subscriptions) {
      const codes = Array.from(
        { length: SUBS_PER_CLIENT },
        (_, k) => `SYM${(i * 7 + k * 25) % CODES}`,
      );
      socket.send(JSON.stringify({ op: 'sub', codes }));
    }
    await sleep(WARMUP_MS);
    recording = true;
    await sleep(MEASURE_MS / 2);
    const during = await rss(rssPort);
    await sleep(MEASURE_MS / 2);
    recording = false;
    const sorted = delays.slice(0, count).sort();
    return {
      server,
      clients,
      connected: sockets.length,
      messagesPerSecond: count / (MEASURE_MS / 1000),
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      memoryPerConnectionKb: (during - before) / Math.max(1, sockets.length) / 1024,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  }
}

/** Both servers, one after the other; the product runs on fresh embedded defaults. */
export async function benchWebSocket(root: string): Promise<WsFigure[]> {
  const clients = Number(process.env.BENCH_WS_CLIENTS ?? '5000');
  const dataDir = mkdtempSync(join(tmpdir(), 'swx-bench-ws-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  try {
    const product = await run(
      'product hub',
      ['--expose-gc', '--import', 'tsx', join(root, 'scripts/bench-ws-server.ts')],
      '/ws',
      {
        ...env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        RATE_LIMIT_MAX: '100000000',
        HOST: '127.0.0.1',
      },
      clients,
    );
    const bare = await run(
      'bare ws',
      ['--expose-gc', join(root, 'scripts/bench-ws-bare.js')],
      '/',
      env,
      clients,
    );
    return [product, bare];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
