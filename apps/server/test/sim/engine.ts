/**
 * The seeded whole-system simulation (issue 13): a fake clock over the seeded price path, a few
 * hundred customers and two staff members doing random operations of every product through the
 * real routes, and the server process killed with SIGKILL at random points (in the middle of a
 * request or of a job pass) and started again on the same database and clock. After every
 * `checkEvery` steps, after every restart and at the end, the invariants of ./invariants.ts must
 * hold; a failure names the seed and the command that replays it.
 *
 * The operations come from one seeded generator (no Math.random): the same seed asks for the same
 * operations. Where a kill lands inside a request depends on timing, so a replay repeats the
 * operations and the kill points, not necessarily the exact instant inside a request.
 */
import * as contract from '@swx/contract';
import type { SimBreach } from './invariants';
import { mulberry32 } from '../support/random';
import { NodeDied, NodeProcess } from './node-process';
import { fundsProducts } from './operations-funds';
import { simOperations } from './operations';
import { CODES, simFiles, WITHDRAW_PASSWORD, type Auth, type Customer, type Json } from './world';
import type { FaultKind, InstrumentPrice } from './protocol';

export interface SimOptions {
  seed: number;
  ops: number;
  users: number;
  /** Mean number of operations between two kills (0: never kill). */
  killEvery: number;
  /** Operations at which the node is killed in any case (so a short run has its kills). */
  killAtOps?: number[];
  /** At the end the clock moves this many days on, so that everything running comes due. */
  finalDays?: number;
  /** Invariants checked after this many operations (and after each restart and at the end). */
  checkEvery: number;
  /**
   * With this, the interval is at least the operations so far divided by it (long runs). A check
   * reads what changed since the last one, but some parts (the accounts, what is running or due)
   * grow with the run.
   */
  checkGrowth?: number;
  /**
   * Every check reads the whole database (by default only the first and the last do; the others
   * read what changed since the check before: ./invariants.ts).
   */
  fullChecks?: boolean;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  /** A deliberate breach made at this operation (the breach tests). */
  fault?: { atOp: number; kind: FaultKind };
  /** The command that replays a seed, printed with a failure. */
  replay?: (seed: number) => string;
  log?: (line: string) => void;
  progressEvery?: number;
}

export interface SimReport {
  seed: number;
  ops: number;
  byKind: Record<string, number>;
  /** Wall time by kind of operation, and in invariant checks and restarts: where a run goes. */
  msByKind: Record<string, number>;
  outcomes: Record<string, number>;
  kills: number;
  checks: number;
  simulatedSeconds: number;
  wallMs: number;
}

export class SimFailure extends Error {
  override name = 'SimFailure';
  constructor(
    readonly seed: number,
    readonly op: number,
    readonly reason: string,
    readonly replay: string,
    readonly breaches: SimBreach[] = [],
  ) {
    super(
      `whole-system simulation failed: seed ${seed}, operation ${op}: ${reason}\n` +
        `replay with: ${replay}`,
    );
  }
}

export const SIM_START = 1_795_000_000;

/** Paths of the routes the contract marks idempotent (a replay answers the first reply). */
const IDEMPOTENT = new Set(
  (Object.values(contract) as unknown[])
    .filter(
      (r): r is { path: string; idempotent: true } =>
        typeof r === 'object' &&
        r !== null &&
        'path' in r &&
        'idempotent' in r &&
        r.idempotent === true,
    )
    .map((r) => r.path),
);

/** Boots a node on an empty database (migrations, seed) and stops it cleanly: a template. */
export async function prepareDatabase(database: SimOptions['database']): Promise<void> {
  const node = await NodeProcess.start(
    {
      SIM_CLOCK: String(SIM_START),
      ...(database.kind === 'postgres'
        ? { SIM_DATABASE_URL: database.url }
        : { SIM_PGLITE_DIR: database.dir }),
    },
    () => undefined,
  );
  await node.call({ op: 'stop' }).catch(() => undefined);
  await node.kill();
}

export async function runSimulation(options: SimOptions): Promise<SimReport> {
  // A run that fails (a breach found, a step that threw) still leaves no node behind: each one
  // this run started is killed on the way out (the breach tests left two running before).
  const started = new Set<NodeProcess>();
  try {
    return await simulate(options, started);
  } finally {
    await Promise.all([...started].map((node) => node.kill()));
  }
}

async function simulate(options: SimOptions, nodes: Set<NodeProcess>): Promise<SimReport> {
  const { seed } = options;
  const log = options.log ?? (() => undefined);
  const replay =
    options.replay?.(seed) ??
    `npm run sim -- --seed ${seed} --ops ${options.ops} --users ${options.users}`;
  const random = mulberry32(seed);
  const chance = (p: number) => random() < p;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const take = (items: number[]): number | undefined =>
    items.length === 0 ? undefined : items.splice(Math.floor(random() * items.length), 1)[0];

  const env: Record<string, string> = {
    SIM_WATERMARK: `sim-${seed}`,
    ...(options.database.kind === 'postgres'
      ? { SIM_DATABASE_URL: options.database.url }
      : { SIM_PGLITE_DIR: options.database.dir }),
    ...(options.redisUrl
      ? { SIM_REDIS_URL: options.redisUrl, SIM_REDIS_PREFIX: `sim:${seed}:${Date.now()}:` }
      : {}),
  };
  let clock = SIM_START;
  const started = Date.now();
  const byKind: Record<string, number> = {};
  const msByKind: Record<string, number> = {};
  const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      msByKind[what] = (msByKind[what] ?? 0) + performance.now() - at;
    }
  };
  const outcomes: Record<string, number> = {};
  let kills = 0;
  let checks = 0;
  let op = 0;
  let kind = 'setup';
  let keyCounter = 0;

  const boot = async () => {
    const started = await NodeProcess.start({ ...env, SIM_CLOCK: String(clock) }, log);
    nodes.add(started);
    return started;
  };
  let node = await boot();
  log(`node started in ${Date.now() - started} ms`);

  const fail = (reason: string, breaches: SimBreach[] = []): never => {
    const failure = new SimFailure(seed, op, `${kind}: ${reason}`, replay, breaches);
    log(failure.message);
    throw failure;
  };

  const slow = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const at = Date.now();
    const result = await work();
    if (Date.now() - at > 2000) log(`op ${op}: ${what} took ${Date.now() - at} ms`);
    return result;
  };
  const check = async (withClock: boolean, mode: 'full' | 'changes' = 'changes') => {
    checks++;
    const { breaches } = await timed(`(check ${options.fullChecks ? 'full' : mode})`, () =>
      slow('check', () =>
        node.call<{ breaches: SimBreach[] }>({
          op: 'check',
          mode: options.fullChecks ? 'full' : mode,
          ...(withClock ? { now: clock } : {}),
        }),
      ),
    );
    if (breaches.length > 0)
      fail(
        `invariants broken:\n${breaches.map((b) => `  ${b.invariant}: ${b.detail}`).join('\n')}`,
        breaches,
      );
  };

  let lastPost:
    | { url: string; auth: Auth; payload: unknown; headers: Record<string, string>; reply: string }
    | undefined;
  let prices = new Map<string, InstrumentPrice>();
  const refreshPrices = async () => {
    const list = await node.call<InstrumentPrice[]>({ op: 'prices', codes: CODES });
    prices = new Map(list.map((p) => [p.code, p]));
  };
  const advance = async (seconds: number) => {
    // Stored replies expire on the wall clock while housekeeping runs on the simulated one: a
    // replay is only tried while no simulated time has passed since the request.
    lastPost = undefined;
    clock += seconds;
    await slow(`advance ${seconds} s`, () => node.call({ op: 'advance', seconds: clock }));
    await refreshPrices();
  };

  /** One request through the real routes; a 5xx or a reply that is not the envelope fails the run. */
  const request = async (
    method: 'GET' | 'POST',
    url: string,
    auth: Auth,
    payload?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Json> => {
    const headers: Record<string, string> = { ...auth, 'x-account-mode': 'real', ...extra };
    // Every POST carries a fresh Idempotency-Key (the money-moving ones require it).
    if (method === 'POST') headers['idempotency-key'] ??= `sim-${seed}-key-${++keyCounter}`;
    const reply = await node.call<{ status: number; body: string }>({
      op: 'inject',
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    if (method === 'POST' && IDEMPOTENT.has(url))
      lastPost = { url, auth, payload, headers, reply: reply.body };
    let body: Json;
    try {
      body = JSON.parse(reply.body) as Json;
    } catch {
      return fail(`${method} ${url} answered ${reply.status} with a body that is not JSON`);
    }
    const code = body.code ?? reply.status;
    if (reply.status >= 500 || typeof body.code !== 'number' || code === 401 || code === 10105)
      fail(`${method} ${url} ${JSON.stringify(payload)} answered ${reply.status} ${reply.body}`);
    // Tallied by route, not by object: `getNft/:id 200`, `:id/review 200`.
    const name = (url.split('?')[0] ?? url)
      .split('/')
      .slice(-2)
      .map((segment) => (/^\d+$/.test(segment) ? ':id' : segment))
      .join('/');
    outcomes[`${name} ${code}`] = (outcomes[`${name} ${code}`] ?? 0) + 1;
    return body;
  };

  // ---- the world: customers, staff, products ----
  const setup = await node.call<{
    users: { userId: number; token: string }[];
    staff: Record<'admin' | 'finance', { staffId: number; token: string }>;
  }>({
    op: 'setup',
    tag: `${seed}_${Date.now().toString(36)}`,
    users: options.users,
    usdt: '20000',
    withdrawPassword: WITHDRAW_PASSWORD,
  });
  const customers: Customer[] = setup.users.map((u) => ({
    userId: u.userId,
    auth: { authorization: `Bearer ${u.token}` },
    spot: [],
    contracts: [],
    plans: [],
  }));
  const admin = { authorization: `Bearer ${setup.staff.admin.token}` };
  const finance = { authorization: `Bearer ${setup.staff.finance.token}` };
  const files = await simFiles();

  const products = await fundsProducts(request, { admin, finance }, seed);
  if (!products) return fail('products could not be created');
  const { planId, loanProductId } = products;
  await refreshPrices();
  // The first check reads everything and is where the later ones start from.
  await check(false, 'full');
  log(`world set up in ${Date.now() - started} ms`);

  // ---- the operations ----
  const operations = simOperations({
    seed,
    random,
    chance,
    int,
    pick,
    take,
    now: () => clock,
    advance,
    prices: () => [...prices.values()],
    request,
    replayLast: async () => {
      const last = lastPost;
      if (!last) return;
      const again = await node.call<{ status: number; body: string }>({
        op: 'inject',
        method: 'POST',
        url: last.url,
        headers: last.headers,
        ...(last.payload !== undefined ? { payload: last.payload } : {}),
      });
      const code = (JSON.parse(again.body) as Json).code;
      outcomes[`replay ${code}`] = (outcomes[`replay ${code}`] ?? 0) + 1;
      if (again.body !== last.reply)
        fail(`a replay of ${last.url} answered ${again.body}, the first reply was ${last.reply}`);
    },
    customers,
    staff: { admin, finance },
    planId,
    loanProductId,
    files,
  });
  const totalWeight = operations.reduce((s, o) => s + o.weight, 0);
  const choose = () => {
    let r = random() * totalWeight;
    for (const o of operations) if ((r -= o.weight) < 0) return o;
    return operations[0] as (typeof operations)[number];
  };

  const restart = async () => {
    const at = Date.now();
    node = await timed('(restart)', boot);
    log(`node restarted in ${Date.now() - at} ms`);
    // Jobs catch up on this clock before anything else, then everything must hold.
    await node.call({ op: 'advance', seconds: clock });
    await refreshPrices();
    await check(true);
  };

  let nextCheck = options.checkEvery;
  for (op = 1; op <= options.ops; op++) {
    const operation = choose();
    kind = operation.name;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    const killNow =
      (options.killEvery > 0 && chance(1 / options.killEvery)) ||
      (options.killAtOps?.includes(op) ?? false);
    const killDelay = int(0, 40);
    if (options.fault && options.fault.atOp === op) {
      kind = `fault.${options.fault.kind}`;
      const who = pick(customers);
      if (options.fault.kind === 'settle-twice' || options.fault.kind === 'state-edit') {
        // An option that has surely settled, to settle again or to put back to running.
        await request('POST', '/swx/customer/order/buyOptions', who.auth, {
          code: 'BTCUSDT',
          direction: 'up',
          seconds: 30,
          amount: '10',
        });
        await advance(60);
      }
      // Checked just before, so that the check after it reads only what the breach changed.
      await check(false);
      const { applied } = await node.call<{ applied: boolean }>({
        op: 'fault',
        kind: options.fault.kind,
        userId: who.userId,
      });
      if (!applied) fail('the deliberate breach could not be made');
      await check(false);
    }
    if (killNow) {
      // SIGKILL while the operation is in flight (or just before or after it): the node gets
      // no chance to finish anything; what it committed stays, what it did not is gone.
      const inFlight = operation.run().then(
        () => 'done',
        (error: unknown) => {
          if (error instanceof NodeDied) return 'killed';
          throw error;
        },
      );
      await new Promise((r) => setTimeout(r, killDelay));
      await node.kill();
      kills++;
      const outcome = await inFlight;
      lastPost = undefined;
      log(`op ${op} ${kind}: killed after ${killDelay} ms (${outcome}); restarting`);
      await restart();
      continue;
    }
    try {
      await timed(kind, operation.run);
    } catch (error) {
      if (error instanceof SimFailure) throw error;
      fail(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n${node.recentOutput}`,
      );
    }
    if (op >= nextCheck) {
      // The jobs ran up to the clock at its last move: nothing due may be left behind.
      await check(true);
      nextCheck =
        op +
        Math.max(
          options.checkEvery,
          options.checkGrowth ? Math.floor(op / options.checkGrowth) : 0,
        );
    }
    if (options.progressEvery && op % options.progressEvery === 0) {
      const seconds = (Date.now() - started) / 1000;
      log(
        `seed ${seed}: ${op}/${options.ops} ops, ${kills} kills, ${checks} checks, ` +
          `${(op / seconds).toFixed(1)} ops/s, simulated ${((clock - SIM_START) / 3600).toFixed(1)} h`,
      );
    }
  }
  op = options.ops;
  kind = 'final';
  // Every option, plan day, loan date and auction that can come due does, once.
  await advance(300);
  await advance((options.finalDays ?? 15) * 86_400);
  await check(true, 'full');
  await node.call({ op: 'stop' }).catch(() => undefined);
  await node.kill();
  return {
    seed,
    ops: options.ops,
    byKind,
    msByKind: Object.fromEntries(
      Object.entries(msByKind)
        .sort(([, a], [, b]) => b - a)
        .map(([k, ms]) => [k, Math.round(ms)]),
    ),
    outcomes,
    kills,
    checks,
    simulatedSeconds: clock - SIM_START,
    wallMs: Date.now() - started,
  };
}
