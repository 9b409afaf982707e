// Two nodes of the product behind a real load balancer (HAProxy, from Debian's packages) on one
// PostgreSQL and one Redis, for the browser specs of apps/web/e2e/cluster: the balancer sends each
// request and socket to either node (round robin), and a small control server lets a spec kill a
// node (SIGKILL, as a crash) and start it again on the same port and data directory.
//   POST /kill/<a|b>   the node dies at once
//   POST /start/<a|b>  the node starts again; answers once it is healthy
// Each node has its own data directory, so a file that only one node's disk held would be missed
// by the other: uploads must live in PostgreSQL.
// E2E_CLUSTER_BREACH=no-redis starts the nodes without Redis (each with its own in-process bus and
// rate-limit counters): the gate's deliberate breach, under which the cluster spec must fail.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startTestServer } from './test-server.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether this machine can run the cluster: HAProxy installed and both servers named. */
export function clusterPrerequisites(env = process.env) {
  const missing = [];
  if (spawnSync('haproxy', ['-v']).status !== 0) missing.push('haproxy (apt-get install haproxy)');
  if (!env.E2E_CLUSTER_DATABASE_URL) missing.push('E2E_CLUSTER_DATABASE_URL');
  if (!env.E2E_CLUSTER_REDIS_URL) missing.push('E2E_CLUSTER_REDIS_URL');
  return missing;
}

async function scratchDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch(() => undefined);
  await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}

function haproxyConfig(listen, ports) {
  return `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout tunnel 1h
  # A request that could not reach a node (it is down) goes to the other one: nothing the node
  # never received is lost, and nothing it did receive is sent twice.
  retries 3
  option redispatch
  option forwardfor
frontend customers
  bind 127.0.0.1:${listen}
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  # A check waits up to 2 s for its answer. Without this line HAProxy allows a check only the
  # 300 ms of inter: on a slow, busy machine a node's /healthz sometimes took longer, both nodes
  # were marked down at once ("no server available") and the customer's page did not load. A
  # killed node refuses the connection at once, so it is still out of service within two checks.
  timeout check 2s
  default-server inter 300ms fall 2 rise 2
  server a 127.0.0.1:${ports.a} check
  server b 127.0.0.1:${ports.b} check
`;
}

/**
 * Starts the database, both nodes, the balancer and the control server.
 * @param {Record<string, string>} env what every node gets (mail inbox and the like)
 */
export async function startCluster(env = {}) {
  const adminUrl = process.env.E2E_CLUSTER_DATABASE_URL;
  const name = `swx_e2e_cluster_${process.pid}`;
  const databaseUrl = await scratchDatabase(adminUrl, name);
  const nodeEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.E2E_CLUSTER_REDIS_URL,
    REDIS_PREFIX: `swx-e2e-${process.pid}:`,
    TRUST_PROXY: 'true',
    JOBS_ENABLED: 'true',
    JOBS_POLL_MS: '1000',
    // The cluster spec checks that the login limit is one for both nodes (Redis): the default.
    LOGIN_RATE_LIMIT_PER_MINUTE: '20',
  };
  if (process.env.E2E_CLUSTER_BREACH === 'no-redis') {
    delete nodeEnv.REDIS_URL;
    delete nodeEnv.REDIS_PREFIX;
  }
  // Each node takes a port from the OS at its first start and keeps it when restarted, so that the
  // balancer finds it again.
  /** @type {Record<'a'|'b', number | undefined>} */
  const ports = { a: undefined, b: undefined };
  /** @type {Record<'a'|'b', import('./test-server.js').TestServer | undefined>} */
  const nodes = { a: undefined, b: undefined };
  // Each node keeps its data directory across restarts (a crash does not wipe a disk).
  const dataDirs = {
    a: mkdtempSync(join(tmpdir(), 'swx-node-a-')),
    b: mkdtempSync(join(tmpdir(), 'swx-node-b-')),
  };
  let firstAdmin;
  const start = async (id) => {
    const node = await startTestServer({
      ...(ports[id] === undefined ? {} : { port: ports[id] }),
      env: { ...nodeEnv, DATA_DIR: dataDirs[id] },
    });
    ports[id] = node.port;
    firstAdmin ??= node.firstAdmin;
    nodes[id] = node;
  };
  // One after the other: the first migrates and seeds, the second finds it done.
  await start('a');
  await start('b');

  const listen = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'swx-haproxy-'));
  writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(listen, ports));
  let haproxyOutput = '';
  const haproxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  haproxy.stdout.on('data', (c) => (haproxyOutput += c));
  haproxy.stderr.on('data', (c) => (haproxyOutput += c));
  const baseUrl = `http://127.0.0.1:${listen}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error(`haproxy did not answer:\n${haproxyOutput}`);
    await sleep(100);
  }

  /**
   * A restarted node is back in service once HAProxy's health check has passed again (rise 2 at
   * 300 ms): a rolling restart waits for that before it takes the next node down, or for a moment
   * no node would be in service.
   */
  const balancerSees = async (id) => {
    const count = (state) => haproxyOutput.split(`Server nodes/${id} is ${state}`).length - 1;
    const deadline = Date.now() + 30_000;
    while (count('UP') < count('DOWN')) {
      if (Date.now() > deadline) throw new Error(`haproxy did not take node ${id} back`);
      await sleep(100);
    }
  };

  /** Nodes the spec killed and has not started again. */
  const down = new Set();
  const control = createServer((req, res) => {
    const match = /^\/(kill|start)\/(a|b)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    const [, action, id] = match;
    const work =
      action === 'kill'
        ? (nodes[id]?.kill() ?? Promise.resolve()).then(() => down.add(id))
        : down.has(id)
          ? nodes[id]
              .stop() // its throwaway dir
              .then(() => start(id))
              .then(() => balancerSees(id))
              .then(() => down.delete(id))
          : Promise.resolve();
    work.then(
      () => res.writeHead(204).end(),
      (error) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise((r) => control.listen(0, '127.0.0.1', r));
  const address = control.address();
  const controlUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    baseUrl,
    controlUrl,
    firstAdmin,
    output: () =>
      ['a', 'b']
        .map((id) => `[node ${id}]\n${nodes[id]?.output() ?? ''}`)
        .concat(`[haproxy]\n${haproxyOutput}`)
        .join('\n'),
    async stop() {
      control.close();
      haproxy.kill('SIGTERM');
      for (const id of ['a', 'b']) {
        await nodes[id]?.stop();
        rmSync(dataDirs[id], { recursive: true, force: true });
      }
      rmSync(dir, { recursive: true, force: true });
      await dropDatabase(adminUrl, name);
    },
  };
}
