// `npm run bench`: every speed figure in one run, each beside its reference measured in the same run
// (ledger transfers beside pgbench, the cached reads beside bare Fastify, orders end to end, logins,
// the trigger engine, WebSocket fan-out beside bare ws, the web bundle and the page's long tasks).
// Each section is a file of its own; this one runs them in turn, prints a summary table and writes
// the same figures to .bench/results.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchHttp, HTTP_SECONDS, type HttpResults } from './bench-http';
import {
  ASSET,
  benchPglite,
  benchPostgres,
  dbLabel,
  newLedgerResults,
  PG_POOL_MAX,
  TRANSFER_AMOUNT,
  USERS,
  WARMUP_MS,
  type DbKind,
  type LedgerResults,
} from './bench-ledger';
import { benchLogins, type LoginFigure } from './bench-logins';
import { message, PGBENCH_CLIENTS, root } from './bench-support';
import { benchOrders, type OrdersFigure } from './bench-orders';
import { benchTriggers, type TriggerFigure } from './bench-triggers';
import { benchWebSocket, type WsFigure } from './bench-ws';

// ---------------------------------------------------------------------------------------------
// Settings

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// ---------------------------------------------------------------------------------------------
// Results

interface Results {
  generatedAt: string;
  machine: {
    node: string;
    platform: string;
    arch: string;
    cpus: number;
    cpuModel: string;
    totalMemoryBytes: number;
  };
  ledger: LedgerResults;
  http?: HttpResults;
  webSocket?: WsFigure[];
  logins?: LoginFigure;
  triggers?: TriggerFigure;
  orders?: OrdersFigure;
  webBundle?: string;
  webLongTasks?: string;
  failures: string[];
}

const results: Results = {
  generatedAt: new Date().toISOString(),
  machine: {
    node: process.version,
    platform: platform(),
    arch: arch(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    totalMemoryBytes: totalmem(),
  },
  ledger: newLedgerResults(PG_URL),
  failures: [],
};

// ---------------------------------------------------------------------------------------------
// Report

function table(headers: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        rightAligned[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)]
    .map((l) => `  ${l}`)
    .join('\n');
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');

function summary(): string {
  const m = results.machine;
  const out: string[] = [
    '',
    '=== SWX benchmark ===',
    `node ${m.node}, ${m.platform}/${m.arch}, ${m.cpus} CPUs (${m.cpuModel}), ` +
      `${(m.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB RAM`,
    '',
    `Ledger transfers (postAlone, ${ASSET} ${TRANSFER_AMOUNT} between random pairs of ` +
      `${USERS} funded users, after a ${WARMUP_MS / 1000} s warm-up; PG pool max ${PG_POOL_MAX})`,
  ];
  const ledgerRows = results.ledger.figures.map((f) => [
    dbLabel(f.database),
    String(f.concurrency),
    int(f.transfers),
    f.seconds.toFixed(2),
    int(f.transfersPerSecond),
  ]);
  if (ledgerRows.length > 0) {
    const headers = ['database', 'concurrency', 'transfers', 'seconds', 'transfers/s'];
    out.push(table(headers, ledgerRows, [false, true, true, true, true]));
  }
  const pgInfo = results.ledger.postgres;
  if (pgInfo.status === 'skipped') {
    out.push(`  PostgreSQL: skipped (not reachable at ${pgInfo.url})`);
  } else if (pgInfo.serverVersion) {
    out.push(`  PostgreSQL server ${pgInfo.serverVersion} at ${pgInfo.url}`);
  }
  const together = results.ledger.figures.find(
    (f) => f.database === 'postgres' && f.concurrency === PGBENCH_CLIENTS,
  );
  if (pgInfo.pgbenchTps && together) {
    out.push(
      `  pgbench TPC-B (${PGBENCH_CLIENTS} clients) just before: ${int(pgInfo.pgbenchTps)} tps; ` +
        `ledger (${PGBENCH_CLIENTS} at once) / pgbench: ` +
        `${(together.transfersPerSecond / pgInfo.pgbenchTps).toFixed(2)} (goal 0.5)`,
    );
  }
  for (const [kind, holds] of Object.entries(results.ledger.invariantsHold)) {
    const verdict = holds ? 'ledger invariants hold' : 'LEDGER INVARIANTS BROKEN';
    out.push(`  ${verdict}: ${dbLabel(kind as DbKind)}`);
  }

  out.push('');
  const http = results.http;
  if (http) {
    out.push(
      `HTTP (autocannon, ${http.connections} connections, pipelining ${http.pipelining}, ` +
        `${http.durationSeconds} s after a ${http.warmupSeconds} s warm-up, one server at a time)`,
    );
    const figures = [
      http.getParamByKey,
      http.listMarketByType,
      http.listMarketByTypeUncompressed,
      http.hello,
    ];
    const rows = figures.map((f) => [
      `GET ${f.path}${f.acceptEncoding ? '' : ' (no Accept-Encoding)'}`,
      int(f.requestsPerSecond),
      String(f.p50Ms),
      String(f.p99Ms),
      int(f.non2xx),
      int(f.errors + f.timeouts),
      f.serverCpuMicrosPerRequest?.toFixed(1) ?? '?',
      f.clientCpuPercent.toFixed(0),
    ]);
    const headers = [
      'endpoint',
      'req/s (avg)',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'errors',
      'server CPU µs/req',
      'client CPU %',
    ];
    out.push(table(headers, rows, [false, true, true, true, true, true, true, true]));
    out.push(`  getParamByKey / bare Fastify hello: ${http.ratioPercent.toFixed(1)} %`);
    out.push(
      `  listMarketByType (22 crypto items) / bare Fastify hello: ${http.marketsRatioPercent.toFixed(1)} %`,
      `  (every request asks for a compressed reply, as browsers do; the market list without: ` +
        `${((http.listMarketByTypeUncompressed.requestsPerSecond / http.hello.requestsPerSecond) * 100).toFixed(1)} %)`,
      // The client shares the machine: at 100 % of a core it, not the server, set the rate (it
      // decodes every body as text, which costs most for a compressed one), and the server's
      // fixed costs of each second are then shared by fewer requests.
      `  by the server's CPU per request (hello's over the product's): getParamByKey ` +
        `${http.cpuRatioPercent?.toFixed(1) ?? '?'} %, listMarketByType ` +
        `${http.marketsCpuRatioPercent?.toFixed(1) ?? '?'} % (without Accept-Encoding ` +
        `${http.marketsUncompressedCpuRatioPercent?.toFixed(1) ?? '?'} %)`,
    );
  } else {
    out.push('HTTP: no figures (see failures)');
  }

  const ws = results.webSocket;
  if (ws) {
    out.push(
      '',
      `WebSocket fan-out (${ws[0]?.clients ?? 0} clients x 20 subscriptions, 500 instruments ticking once a second, loopback)`,
    );
    const rows = ws.map((f) => [
      f.server,
      int(f.connected),
      int(f.messagesPerSecond),
      String(f.p50Ms),
      String(f.p99Ms),
      f.memoryPerConnectionKb.toFixed(1),
    ]);
    out.push(
      table(['server', 'connected', 'msgs/s received', 'p50 ms', 'p99 ms', 'KB/connection'], rows, [
        false,
        true,
        true,
        true,
        true,
        true,
      ]),
    );
    const [product, bare] = ws;
    if (product && bare) {
      out.push(
        `  product / bare ws: delivery ${((product.messagesPerSecond / bare.messagesPerSecond) * 100).toFixed(1)} %, p99 delay x${(product.p99Ms / bare.p99Ms).toFixed(2)}`,
      );
      // Connecting stops at a deadline (bench-ws.ts): unequal counts make the ratio unfair.
      for (const f of ws)
        if (f.connected < f.clients)
          out.push(
            `  NOT COMPARABLE: ${f.server} connected ${f.connected} of ${f.clients} clients before the deadline`,
          );
    }
  }
  const logins = results.logins;
  if (logins) {
    out.push(
      '',
      `Logins (${logins.parameters})`,
      table(
        ['measure', 'per second', 'p50 ms', 'p99 ms', 'errors'],
        [
          [
            `argon2id verify alone, ${logins.verifyConcurrency} at once`,
            logins.verifiesPerSecond.toFixed(1),
            '',
            '',
            '0',
          ],
          [
            `POST /swx/customer/login/login, ${logins.httpConnections} connections, PGlite`,
            logins.loginsPerSecond.toFixed(1),
            String(logins.p50Ms),
            String(logins.p99Ms),
            int(logins.non2xx + logins.errors),
          ],
        ],
        [false, true, true, true, true],
      ),
    );
  }
  const triggers = results.triggers;
  if (triggers) {
    out.push(
      '',
      `Trigger engine (${int(triggers.resting)} resting levels on ${triggers.instruments} instruments, ` +
        `${triggers.heapMb.toFixed(0)} MB, loaded in ${triggers.insertSeconds.toFixed(2)} s)`,
      `  checks per second (ticks that cross nothing): ${int(triggers.checksPerSecond)} ` +
        `(goal 1,000,000: ${(triggers.checksPerSecond / 1_000_000).toFixed(2)} x)`,
      `  one tick crossing ${int(triggers.crossed)} levels: ${triggers.crossMs.toFixed(2)} ms to take them out`,
    );
  }
  const orders = results.orders;
  if (orders) {
    out.push(
      '',
      `Orders end to end (POST buyU market, HTTP, ${orders.connections} connections, PostgreSQL)`,
      `  ${int(orders.ordersPerSecond)} orders/s (goal 1,000), p50 ${orders.p50Ms} ms, p99 ${orders.p99Ms} ms, ` +
        `${int(orders.non2xx)} failed of ${int(orders.orders)}`,
      `  pgbench TPC-B (${orders.pgbenchClients} clients) in the same run: ${int(orders.pgbenchTps)} tps; ` +
        `orders / pgbench: ${(orders.ordersPerSecond / orders.pgbenchTps).toFixed(2)}`,
      ...(orders.serverCpuMs !== undefined && orders.postgresCpuMs !== undefined
        ? [
            `  CPU per order: the server ${orders.serverCpuMs.toFixed(2)} ms, PostgreSQL ` +
              `${orders.postgresCpuMs.toFixed(2)} ms` +
              (orders.pgbenchPostgresCpuMs === undefined
                ? ''
                : ` (PostgreSQL per pgbench transaction: ${orders.pgbenchPostgresCpuMs.toFixed(2)} ms)`),
          ]
        : []),
      `  one tick settling ${int(orders.settleCount)} options of ${int(orders.settleUsers)} users, ` +
        `${orders.settleTicks} ticks: p50 ${orders.settleP50Ms.toFixed(0)} ms, ` +
        `p99 ${orders.settleP99Ms.toFixed(0)} ms until the last is settled (goal p99 <= 100 ms); ` +
        `the process's first such tick ${orders.settleColdMs.toFixed(0)} ms`,
    );
  }
  if (results.webBundle) out.push('', results.webBundle);
  if (results.webLongTasks) out.push(results.webLongTasks);

  if (results.failures.length > 0) {
    out.push('', 'FAILURES');
    for (const failure of results.failures) out.push(`  ${failure}`);
  }
  return out.join('\n');
}

async function section(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    // Keep going: one broken section should not hide the figures of the others.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    results.failures.push(`${name}: ${message(error)}`);
    console.error(`[bench] ${name} failed:\n${detail}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  await section('PGlite ledger', () => benchPglite(results.ledger));
  await section('PostgreSQL ledger', () => benchPostgres(results.ledger, PG_URL));
  await section('HTTP', async () => {
    results.http = await benchHttp();
  });
  await section('Orders', async () => {
    if (results.ledger.postgres.status !== 'ok') throw new Error('PostgreSQL not reachable');
    results.orders = await benchOrders(PG_URL);
  });
  await section('Logins', async () => {
    results.logins = await benchLogins(HTTP_SECONDS);
  });
  await section('Trigger engine', () => {
    results.triggers = benchTriggers();
    return Promise.resolve();
  });
  await section('WebSocket fan-out', async () => {
    results.webSocket = await benchWebSocket(root);
  });
  await section('Web bundle', async () => {
    // The customer app's home route budget (170 KB gzip); the script exits non-zero over budget.
    execFileSync('npm', ['run', 'build', '-w', '@swx/web'], { cwd: root, stdio: 'ignore' });
    results.webBundle = execFileSync(process.execPath, [join(root, 'scripts/web-bundle-size.js')], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
  });
  await section('Web long tasks', async () => {
    // The built product in Chromium: the home page's main thread while prices stream for 10 s.
    results.webLongTasks = execFileSync(
      process.execPath,
      [join(root, 'scripts/bench-web-trace.js')],
      {
        cwd: root,
        encoding: 'utf8',
      },
    ).trim();
  });

  console.log(summary());
  const outDir = join(root, '.bench');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, 'results.json');
  writeFileSync(outFile, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nWrote ${outFile} (${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
  process.exitCode = results.failures.length > 0 ? 1 : 0;
}

await main();
