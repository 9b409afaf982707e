// Requests per second for `npm run bench` (scripts/bench.ts): the product's cached reads
// (getParamByKey, listMarketByType) on the embedded defaults beside a bare Fastify hello-world, with
// autocannon, one server at a time so the two never compete for the CPU.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannon, freePort, log, root, startChild, stopChild, waitForOk } from './bench-support';
import { SERVER_NODE_FLAGS } from './server-flags.js';

export const HTTP_SECONDS = positiveInt(process.env.BENCH_HTTP_SECONDS, 10);
const HTTP_WARMUP_SECONDS = 2;
const HTTP_CONNECTIONS = 50;
const HTTP_PIPELINING = 1;
const PARAM_PATH = '/swx/customer/index/getParamByKey/down_url';
const MARKETS_PATH = '/swx/customer/index/listMarketByType?type=2';
const HELLO_PATH = '/hello';
/**
 * What Chromium sends with every request, so each server is asked as a browser asks it (the hello
 * server compresses nothing). The market list is also measured without it, for the record.
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`expected a positive integer, got ${raw}`);
  }
  return value;
}

export interface HttpFigure {
  label: string;
  path: string;
  /** Whether the requests asked for a compressed reply, as browsers do. */
  acceptEncoding: boolean;
  requestsPerSecond: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /**
   * The server's CPU time (user and system, from /proc) per request of the measured run: what a
   * request costs the server whatever the client manages to send. Undefined without /proc.
   */
  serverCpuMicrosPerRequest: number | undefined;
  /** autocannon's own CPU over the run, in per cent of one core (100: the client was the limit). */
  clientCpuPercent: number;
}

export interface HttpResults {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  pipelining: number;
  getParamByKey: HttpFigure;
  listMarketByType: HttpFigure;
  listMarketByTypeUncompressed: HttpFigure;
  hello: HttpFigure;
  ratioPercent: number;
  marketsRatioPercent: number;
  /** Hello's server CPU per request over the product's, in per cent (undefined without /proc). */
  cpuRatioPercent: number | undefined;
  marketsCpuRatioPercent: number | undefined;
  /** The same without Accept-Encoding (a run the client does not hold back as much). */
  marketsUncompressedCpuRatioPercent: number | undefined;
}

/** A process's CPU time (user and system) in microseconds, from /proc; undefined elsewhere. */
function cpuMicrosOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/** A warm-up run that is thrown away, then the measured run with the same settings. */
async function load(
  label: string,
  base: string,
  path: string,
  serverPid: number | undefined,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<HttpFigure> {
  // One plain request first, so a route that answers with an error fails loudly instead of being
  // measured as a fast 4xx.
  const probe = await fetch(base + path);
  const body = await probe.text();
  if (!probe.ok) {
    throw new Error(`${label}: GET ${path} answered ${probe.status}: ${body.slice(0, 300)}`);
  }

  const settings = {
    url: base + path,
    connections: HTTP_CONNECTIONS,
    pipelining: HTTP_PIPELINING,
    headers,
  };
  log(`${label}: warm-up ${HTTP_WARMUP_SECONDS} s`);
  await autocannon({ ...settings, duration: HTTP_WARMUP_SECONDS });
  log(`${label}: measuring ${HTTP_SECONDS} s`);
  const serverBefore = cpuMicrosOf(serverPid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({ ...settings, duration: HTTP_SECONDS });
  const wallMicros = (performance.now() - started) * 1_000;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = cpuMicrosOf(serverPid);
  const figure: HttpFigure = {
    label,
    path,
    acceptEncoding: 'accept-encoding' in headers,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMicrosPerRequest:
      serverBefore === undefined || serverAfter === undefined || result.requests.total === 0
        ? undefined
        : (serverAfter - serverBefore) / result.requests.total,
    clientCpuPercent: ((client.user + client.system) / wallMicros) * 100,
  };
  log(
    `${label}: ${Math.round(figure.requestsPerSecond)} req/s, ` +
      `p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, server CPU ` +
      `${figure.serverCpuMicrosPerRequest?.toFixed(1) ?? '?'} µs a request, ` +
      `client CPU ${figure.clientCpuPercent.toFixed(0)} %`,
  );
  return figure;
}

/** Loads one child server at a time, so the two never compete for the CPU. */
async function benchServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  healthPath: string,
  paths: (string | { path: string; headers: Record<string, string> })[],
): Promise<HttpFigure[]> {
  const port = await freePort();
  const child = startChild(name, args, { ...env, PORT: String(port) });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForOk(child, base + healthPath, 30_000);
    const figures: HttpFigure[] = [];
    for (const p of paths) {
      const { path, headers } = typeof p === 'string' ? { path: p, headers: undefined } : p;
      figures.push(
        await load(
          `${name} ${path}${headers ? ' (no Accept-Encoding)' : ''}`,
          base,
          path,
          child.process.pid,
          headers,
        ),
      );
    }
    return figures;
  } finally {
    await stopChild(child);
  }
}

function cpuRatio(hello: HttpFigure, product: HttpFigure): number | undefined {
  const [bare, ours] = [hello.serverCpuMicrosPerRequest, product.serverCpuMicrosPerRequest];
  return bare === undefined || ours === undefined ? undefined : (bare / ours) * 100;
}

/** The product's cached reads beside bare Fastify's hello-world, one server at a time. */
export async function benchHttp(): Promise<HttpResults> {
  log('building @swx/server');
  execFileSync('npm', ['run', 'build', '-w', '@swx/server'], { cwd: root, stdio: 'inherit' });

  // The embedded defaults (PGlite, in-process bus) are what "npm start" ships, so measure those:
  // drop any database or Redis URL inherited from the caller's shell.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'swx-bench-'));
  try {
    const [getParamByKey, listMarketByType, listMarketByTypeUncompressed] = await benchServer(
      'product',
      [...SERVER_NODE_FLAGS, join(root, 'apps/server/dist/main.js')],
      {
        ...inherited,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        // The limiter would otherwise answer 429 within the first second of load.
        RATE_LIMIT_MAX: '100000000',
      },
      '/healthz',
      [PARAM_PATH, MARKETS_PATH, { path: MARKETS_PATH, headers: {} }],
    );
    const [hello] = await benchServer(
      'hello',
      [join(root, 'scripts/bench-hello.js')],
      inherited,
      HELLO_PATH,
      [HELLO_PATH],
    );
    if (!getParamByKey || !listMarketByType || !listMarketByTypeUncompressed || !hello)
      throw new Error('missing HTTP figures');
    return {
      durationSeconds: HTTP_SECONDS,
      warmupSeconds: HTTP_WARMUP_SECONDS,
      connections: HTTP_CONNECTIONS,
      pipelining: HTTP_PIPELINING,
      getParamByKey,
      listMarketByType,
      listMarketByTypeUncompressed,
      hello,
      ratioPercent: (getParamByKey.requestsPerSecond / hello.requestsPerSecond) * 100,
      marketsRatioPercent: (listMarketByType.requestsPerSecond / hello.requestsPerSecond) * 100,
      cpuRatioPercent: cpuRatio(hello, getParamByKey),
      marketsCpuRatioPercent: cpuRatio(hello, listMarketByType),
      marketsUncompressedCpuRatioPercent: cpuRatio(hello, listMarketByTypeUncompressed),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
