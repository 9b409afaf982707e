// Runs the Playwright suite against the built server (scripts/test-server.js: a free port, a
// throwaway data directory, a guaranteed teardown). It does not build; `npm run test:e2e` builds
// first. Extra arguments go to `playwright test` (e.g. `node scripts/e2e.js --project web-mobile`).
// The staff one-time password the server prints on its first start reaches the back-office specs
// as E2E_ADMIN_PASSWORD.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { clusterPrerequisites, startCluster } from './e2e-cluster.js';
import { startExchange } from './e2e-exchange.js';
import { startInbox } from './e2e-inbox.js';
import { startOidcProvider } from './e2e-oidc.js';
import { serversFor } from './e2e-projects.js';
import { root, startTestServer } from './test-server.js';

const SERVER_OUTPUT_TAIL_LINES = 15;

function runPlaywright(env, args) {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const child = spawn(process.execPath, [cli, 'test', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise((r) => child.once('exit', (code, signal) => r(code ?? (signal ? 1 : 0))));
}

/**
 * What a server printed, after a failed run. With E2E_SERVER_LOG_DIR (CI) the whole output goes to
 * a file there and the log shows its last lines, so that the failed tests stay easy to find.
 */
function printServerOutput(server, name, why) {
  const text = server.output().trim();
  const logDir = process.env.E2E_SERVER_LOG_DIR;
  if (!logDir) {
    console.error(
      `\n--- server output (${why}) ---\n${text || '(none)'}\n--- end of server output ---\n`,
    );
    return;
  }
  mkdirSync(logDir, { recursive: true });
  const file = join(logDir, `${name}.log`);
  writeFileSync(file, text);
  const tail = text.split('\n').slice(-SERVER_OUTPUT_TAIL_LINES).join('\n');
  console.error(
    `\n--- last lines of the ${name} server's output (${why}; all of it in ${file}) ---\n${tail || '(none)'}\n--- end ---\n`,
  );
}

async function main() {
  let server;
  let live;
  let clock;
  let office;
  let cluster;
  const wanted = serversFor(process.argv.slice(2));
  const inbox = await startInbox();
  const oidc = await startOidcProvider();
  const exchange = await startExchange();
  try {
    // The servers start side by side (each migrates and seeds a database of its own, PGlite's on
    // its disk or the cluster's on PostgreSQL; one after the other they held the run back by about
    // ten seconds before its first test), each on the port the OS gives it when it listens.
    let withCluster = false;
    if (wanted.has('cluster')) {
      const missing = clusterPrerequisites();
      if (missing.length === 0) withCluster = true;
      else if (process.env.CI) throw new Error(`the cluster needs ${missing.join(', ')}`);
      else console.warn(`e2e: the cluster specs are skipped; missing ${missing.join(', ')}`);
    }
    const starts = [];
    if (wanted.has('main')) {
      // Jobs run here (a charity auction closes when it ends); the live-feed server has none.
      starts.push(
        startTestServer({
          env: { ...inbox.env, ...oidc.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '1000' },
        }).then((s) => (server = s)),
      );
    }
    if (wanted.has('live')) {
      // A second product on the live feed, its crypto prices from the loopback exchange: the specs
      // of apps/web/e2e/live move the market and watch stops, take-profits and liquidations happen.
      starts.push(
        startTestServer({ env: { ...inbox.env, ...exchange.env } }).then((s) => (live = s)),
      );
    }
    if (wanted.has('clock')) {
      // A third product whose time the specs of apps/web/e2e/clock move forward (POST
      // /swx/test/clock), so that a plan's daily earnings can be seen: jobs run on its clock.
      starts.push(
        startTestServer({
          env: {
            ...inbox.env,
            NODE_ENV: 'test',
            TEST_CLOCK: 'true',
            JOBS_ENABLED: 'true',
            JOBS_POLL_MS: '500',
          },
        }).then((s) => (clock = s)),
      );
    }
    if (wanted.has('office')) {
      // A fourth for the back office's specs (apps/admin/e2e): they change instruments, fees and
      // products, and create staff, on a fresh database of their own, so the customer app's specs
      // beside them see the same installation whatever order the workers take them in, and the
      // longest spec (real money, four minutes, mostly waiting for settlements and auctions) can
      // start first instead of running alone at the end of the run.
      starts.push(
        startTestServer({
          env: { ...inbox.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '1000' },
        }).then((s) => (office = s)),
      );
    }
    if (starts.length === 0 && !withCluster) {
      throw new Error(`no server to start for the projects named (${[...wanted].join(', ')})`);
    }
    if (withCluster) {
      starts.push(startCluster(inbox.env).then((c) => (cluster = c)));
    }
    // Every start is waited for, so that the ones that did start are stopped below on a failure.
    const failed = (await Promise.allSettled(starts)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll([server, live, clock, office, cluster], [inbox, oidc, exchange]);
    return 1;
  }

  // Ctrl-C must still stop the server and remove the data directory.
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const first = server ?? live ?? clock ?? office ?? cluster;
    if (server) console.log(`e2e: server ready at ${server.baseUrl} (data in ${server.dataDir})`);
    else console.log(`e2e: servers ready for ${[...wanted].join(', ')}`);
    if (office && !office.firstAdmin)
      console.warn('e2e: the back office server printed no first-start staff password');
    const code = await runPlaywright(
      {
        // playwright.config.ts asks for a base address in any case; each project that runs has
        // its own server's (an unstarted server's projects are not in the run).
        E2E_BASE_URL: (server ?? first)?.baseUrl ?? '',
        ...(live ? { E2E_LIVE_BASE_URL: live.baseUrl } : {}),
        ...(clock ? { E2E_CLOCK_BASE_URL: clock.baseUrl } : {}),
        ...(office ? { E2E_OFFICE_BASE_URL: office.baseUrl } : {}),
        ...(clock?.firstAdmin
          ? {
              E2E_CLOCK_ADMIN_USERNAME: clock.firstAdmin.username,
              E2E_CLOCK_ADMIN_PASSWORD: clock.firstAdmin.password,
            }
          : {}),
        ...(cluster
          ? {
              E2E_CLUSTER_BASE_URL: cluster.baseUrl,
              E2E_CLUSTER_CONTROL_URL: cluster.controlUrl,
              E2E_CLUSTER_ADMIN_USERNAME: cluster.firstAdmin?.username ?? '',
              E2E_CLUSTER_ADMIN_PASSWORD: cluster.firstAdmin?.password ?? '',
            }
          : {}),
        E2E_EXCHANGE_URL: exchange.controlUrl,
        E2E_INBOX_URL: inbox.inboxUrl,
        // The first admin of the back office's server: the only specs that sign in as staff on a
        // server other than the clock's and the cluster's.
        ...(office?.firstAdmin
          ? {
              E2E_ADMIN_USERNAME: office.firstAdmin.username,
              E2E_ADMIN_PASSWORD: office.firstAdmin.password,
            }
          : {}),
      },
      process.argv.slice(2),
    );
    if (code !== 0) {
      const why = `playwright exited with ${code}`;
      if (server) printServerOutput(server, 'main', why);
      if (live) printServerOutput(live, 'live-feed', why);
      if (clock) printServerOutput(clock, 'test-clock', why);
      if (office) printServerOutput(office, 'back-office', why);
      if (cluster) printServerOutput(cluster, 'cluster', why);
    }
    return interrupted ? 130 : code;
  } finally {
    await stopAll([server, live, clock, office, cluster], [inbox, oidc, exchange]);
  }
}

/** Stops the servers side by side, then the helpers they talk to (mail, sign-in, exchange). */
async function stopAll(servers, helpers) {
  await Promise.all(servers.map((s) => s?.stop()));
  await Promise.all(helpers.map((h) => h.stop()));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
