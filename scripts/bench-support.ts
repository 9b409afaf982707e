// Pieces the benchmark sections share: child servers, free ports, readiness, redaction, autocannon.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { msPer, postgresCpuSeconds } from './bench-cpu';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The URL without its password, for output that may be pasted into a ticket. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparsable url>';
  }
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function log(line: string): void {
  console.log(`[bench] ${line}`);
}

export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  /** The last few KB of its output, shown only when it fails to start. */
  output(): string;
}

export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  // Drain both pipes, or a chatty child would block on a full pipe mid-benchmark.
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { name, process: child, output: () => tail };
}

export async function stopChild(child: Child): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** A port the OS has just handed out; the tiny race until the child binds it is acceptable here. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') done(address.port);
        else fail(new Error('no port assigned'));
      });
    });
  });
}

export async function waitForOk(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 'no answer yet';
  while (performance.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited before answering ${url}:\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = message(error);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(
    `${child.name} did not answer ${url} within ${timeoutMs} ms (${last}):\n${child.output()}`,
  );
}

/** A fresh database `name` on the server of `base`; answers its address. */
export async function scratch(admin: pg.Client, base: string, name: string): Promise<string> {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export const PGBENCH_CLIENTS = 16;
const PGBENCH_SECONDS = 10;

export interface PgbenchFigure {
  tps: number;
  /** PostgreSQL's CPU per transaction, in ms, when it runs on this machine. */
  postgresCpuMs: number | undefined;
}

/**
 * pgbench's TPC-B-like transactions per second (16 clients, 10 s, scale 10) on a scratch database
 * of the server of `base`, measured just before the figure it is set beside. The scratch database
 * is dropped and a checkpoint written afterwards, so what comes next does not pay for its writes.
 */
export async function pgbenchBeside(admin: pg.Client, base: string): Promise<number> {
  return (await pgbenchMeasured(admin, base)).tps;
}

/** `pgbenchBeside`, with the CPU PostgreSQL spent on each transaction. */
export async function pgbenchMeasured(admin: pg.Client, base: string): Promise<PgbenchFigure> {
  const name = 'swx_bench_pgbench';
  try {
    const url = await scratch(admin, base, name);
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url], { stdio: 'ignore' });
    const cpuBefore = postgresCpuSeconds();
    const out = execFileSync(
      'pgbench',
      [
        '-c',
        String(PGBENCH_CLIENTS),
        '-j',
        '2',
        '-T',
        String(PGBENCH_SECONDS),
        '-b',
        'tpcb-like',
        url,
      ],
      { encoding: 'utf8' },
    );
    const cpuAfter = postgresCpuSeconds();
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
    const done = /number of transactions actually processed: (\d+)/.exec(out)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    log(`pgbench TPC-B: ${Number(tps).toFixed(0)} tps`);
    return { tps: Number(tps), postgresCpuMs: msPer(cpuBefore, cpuAfter, Number(done ?? 0)) };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query('checkpoint');
  }
}

// autocannon ships no type declarations and we may not add packages here, so it is loaded through
// require, with only the part of its API and result that the sections use described.
export interface AutocannonRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before each request is sent: the place for a fresh token or Idempotency-Key. */
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
const load = createRequire(import.meta.url);
/**
 * autocannon keeps every reply's body as a JavaScript string, for body checks (`expectBody`,
 * `verifyBody`, a request's `onResponse`) that no section uses. For a compressed reply that is a
 * UTF-8 decoding of bytes that are not text: on the market list (7.5 KB as Brotli) the client
 * spent 28.5 µs of CPU on each reply with it and 16.2 µs without, while the server spends about
 * 20 µs; on two cores the client's time is taken from the server's, so the figure measured the
 * client. The sections count replies, their statuses and latencies, never their bodies: bodies
 * are dropped as they arrive (their bytes are still counted).
 */
const queue = load('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody?: unknown };
};
if (typeof queue.prototype.addBody !== 'function')
  throw new Error(
    'autocannon no longer keeps bodies in PipelinedRequestsQueue.addBody: look again',
  );
queue.prototype.addBody = () => undefined;

export const autocannon = load('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
