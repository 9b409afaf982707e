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
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as contract from '@swx/contract';
import sharp from 'sharp';
import { multipart } from '../support/multipart';
import type { CommandInput, InstrumentPrice, Reply } from './protocol';
import type { SimBreach } from './invariants';

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
   * A check reads the whole database, so it costs more as the run grows: with this, the interval
   * is at least the operations so far divided by it (long runs), keeping the total linear.
   */
  checkGrowth?: number;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  /** A deliberate breach made at this operation (the breach tests). */
  fault?: { atOp: number; kind: 'unbalanced' | 'settle-twice' };
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

/** mulberry32: a tiny seeded generator, so a seed gives the same run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const SIM_START = 1_795_000_000;
const WITHDRAW_PASSWORD = '135790';
const HARNESS = fileURLToPath(new URL('./sim-node.ts', import.meta.url));
const CODES = ['BTCUSDT', 'ETHUSDT'];

class NodeDied extends Error {}

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

/** The server node as a child process; `call` sends one command and waits for its reply. */
class NodeProcess {
  private nextId = 0;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private output = '';
  private constructor(readonly child: ChildProcess) {}

  static start(env: Record<string, string>, log: (line: string) => void): Promise<NodeProcess> {
    const child = fork(HARNESS, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const node = new NodeProcess(child);
    child.stdout?.on('data', (d) => (node.output = (node.output + String(d)).slice(-8000)));
    child.stderr?.on('data', (d) => (node.output = (node.output + String(d)).slice(-8000)));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`node did not start:\n${node.output}`));
      }, 120_000);
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        const error = new NodeDied(`node exited (${code ?? signal})`);
        for (const p of node.pending.values()) p.reject(error);
        node.pending.clear();
        reject(new Error(`node exited (${code ?? signal}) before it was ready:\n${node.output}`));
      });
      child.on('message', (message: Reply | { op: 'ready' } | { op: 'log'; text: string }) => {
        if (message.op === 'ready') {
          clearTimeout(timer);
          resolve(node);
        } else if (message.op === 'log') log(message.text);
        else if (message.op === 'reply') {
          const p = node.pending.get(message.id);
          node.pending.delete(message.id);
          if (message.error !== undefined) p?.reject(new Error(message.error));
          else p?.resolve(message.result);
        }
      });
    });
  }

  call<T>(command: CommandInput): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      if (!this.child.connected) return reject(new NodeDied('node is down'));
      this.pending.set(id, { resolve: resolve, reject });
      this.child.send({ ...command, id }, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(new NodeDied(String(error)));
      });
    });
  }

  kill(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  get recentOutput(): string {
    return this.output;
  }
}

type Json = { code?: number; result?: unknown; msg?: string };
type Auth = Record<string, string>;

interface Customer {
  userId: number;
  auth: Auth;
  spot: number[];
  contracts: number[];
  plans: number[];
  loan?: number;
}

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
  const check = async (withClock: boolean) => {
    checks++;
    const { breaches } = await timed('(check)', () =>
      slow('check', () =>
        node.call<{ breaches: SimBreach[] }>({
          op: 'check',
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
    const name = url.split('?')[0]?.split('/').slice(-2).join('/') ?? url;
    outcomes[`${name} ${code}`] = (outcomes[`${name} ${code}`] ?? 0) + 1;
    return body;
  };
  const ok = (body: Json) => body.code === 200 || (body.code ?? 0) >= 20000;
  const idOf = (body: Json) => (body.result as { id: number }).id;

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
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 60 C 60 10, 120 90, 290 40" stroke="#111" stroke-width="4" fill="none"/></svg>`;
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  const image = `data:image/png;base64,${(
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c85078' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
  const iso = (s: number) => new Date(s * 1000).toISOString();

  await request('POST', '/swx/admin/funding/addresses', finance, {
    coin: 'USDT',
    network: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    enabled: true,
  });
  const plan = await request('POST', '/swx/admin/earn/products', admin, {
    name: `Sim plan ${seed}`,
    minAmount: '100',
    maxAmount: '5000',
    terms: [
      { days: 1, dailyYield: '0.01' },
      { days: 3, dailyYield: '0.005' },
      { days: 7, dailyYield: '0.004' },
    ],
    penaltyRate: '0.05',
    enabled: true,
  });
  const loanProduct = await request('POST', '/swx/admin/loans/products', admin, {
    name: `Sim loan ${seed}`,
    minAmount: '100',
    maxAmount: '3000',
    terms: [7, 14],
    dailyRate: '0.001',
    enabled: true,
  });
  if (!ok(plan) || !ok(loanProduct)) fail('products could not be created');
  const planId = idOf(plan);
  const loanProductId = idOf(loanProduct);
  const liveNfts: { id: number; endsAt: number }[] = [];
  let nftCounter = 0;
  const listNft = async () => {
    const length = int(10, 180) * 60;
    const body = await request('POST', '/swx/admin/nfts', admin, {
      name: `Sim #${seed}-${++nftCounter}`,
      description: 'A seeded item',
      creator: 'Simulation',
      chain: 'Ethereum',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: `${seed}-${nftCounter}-${Date.now()}`,
      startingPrice: '50',
      bidIncrement: '5',
      buyNowPrice: chance(0.5) ? '400' : null,
      startsAt: iso(clock),
      endsAt: iso(clock + length),
      image,
    });
    if (ok(body)) liveNfts.push({ id: idOf(body), endsAt: clock + length });
  };
  const pendingDeposits: number[] = [];
  const pendingWithdrawals: number[] = [];
  const pendingLoans: number[] = [];
  let hashes = 0;
  await refreshPrices();
  await check(false);
  log(`world set up in ${Date.now() - started} ms`);

  // ---- the operations ----
  const operations: { name: string; weight: number; run: () => Promise<void> }[] = [
    {
      name: 'clock.tick',
      weight: 18,
      run: () => advance(int(1, 40)),
    },
    {
      // Minutes to hours: plan days, loan dates, auction ends and commission days come due.
      name: 'clock.jump',
      weight: 2,
      run: () => advance(pick([600, 1800, 3600, 4 * 3600, 12 * 3600])),
    },
    {
      name: 'spot.submit',
      weight: 10,
      run: async () => {
        const who = pick(customers);
        const p = pick([...prices.values()]);
        const price = Number(p.price);
        const side = pick(['buy', 'sell'] as const);
        const limit = chance(0.4);
        const near = (share: number) => (price * (1 + share)).toFixed(p.precision);
        const body = await request('POST', '/swx/customer/order/submit', who.auth, {
          code: p.code,
          side,
          type: limit ? 'limit' : 'market',
          ...(limit ? { price: near(side === 'buy' ? -random() * 0.004 : random() * 0.004) } : {}),
          ...(side === 'buy' && !limit && chance(0.5)
            ? { turnover: (10 + random() * 500).toFixed(2) }
            : { quantity: ((20 + random() * 400) / price).toFixed(6) }),
        });
        if (ok(body)) who.spot.push(idOf(body));
      },
    },
    {
      name: 'spot.cancel',
      weight: 3,
      run: async () => {
        const who = pick(customers);
        const id = take(who.spot);
        if (id !== undefined)
          await request('POST', '/swx/customer/order/chedan', who.auth, { kind: 'spot', id });
      },
    },
    {
      name: 'contract.open',
      weight: 9,
      run: async () => {
        const who = pick(customers);
        const p = pick([...prices.values()]);
        const price = Number(p.price);
        const near = (share: number) => (price * (1 + share)).toFixed(p.precision);
        const direction = pick(['long', 'short'] as const);
        const sign = direction === 'long' ? 1 : -1;
        const limit = chance(0.3);
        const body = await request('POST', '/swx/customer/order/buyU', who.auth, {
          code: p.code,
          direction,
          lots: (0.01 + int(0, 19) / 100).toFixed(2),
          leverage: pick(p.leverages),
          type: limit ? 'limit' : 'market',
          ...(limit ? { price: near(-sign * random() * 0.003) } : {}),
          ...(chance(0.5) ? { stopLoss: near(-sign * (0.001 + random() * 0.01)) } : {}),
          ...(chance(0.5) ? { takeProfit: near(sign * (0.001 + random() * 0.01)) } : {}),
        });
        if (ok(body)) who.contracts.push(idOf(body));
      },
    },
    {
      name: 'contract.close',
      weight: 4,
      run: async () => {
        const who = pick(customers);
        const id = take(who.contracts);
        if (id === undefined) return;
        if (chance(0.5)) await request('POST', '/swx/customer/order/stopU', who.auth, { id });
        else
          await request('POST', '/swx/customer/order/chedan', who.auth, { kind: 'contract', id });
      },
    },
    {
      name: 'options.buy',
      weight: 10,
      run: async () => {
        const who = pick(customers);
        await request('POST', '/swx/customer/order/buyOptions', who.auth, {
          code: pick(CODES),
          direction: pick(['up', 'down']),
          seconds: pick([30, 60, 120, 300]),
          amount: String(int(10, 200)),
        });
      },
    },
    {
      name: 'convert',
      weight: 5,
      run: async () => {
        const who = pick(customers);
        const [from, to] = pick([
          ['USDT', 'BTC'],
          ['BTC', 'USDT'],
          ['USDT', 'ETH'],
          ['ETH', 'BTC'],
        ] as const);
        const amount =
          from === 'USDT' ? (5 + random() * 300).toFixed(2) : (random() * 0.01 + 0.0001).toFixed(6);
        const quote = await request('POST', '/swx/customer/user/dh', who.auth, {
          step: 'quote',
          from,
          to,
          amount,
        });
        if (ok(quote)) {
          const { quoteId } = quote.result as { quoteId: string };
          await request('POST', '/swx/customer/user/dh', who.auth, {
            step: 'accept',
            quoteId,
            from,
            to,
            amount,
          });
        }
      },
    },
    {
      name: 'deposit.submit',
      weight: 5,
      run: async () => {
        const who = pick(customers);
        const hash = `${seed.toString(16)}${(++hashes).toString(16).padStart(8, '0')}`.padEnd(
          64,
          'c',
        );
        const form = multipart([
          { name: 'coin', value: 'USDT' },
          { name: 'network', value: 'TRC20' },
          { name: 'amount', value: String(int(120, 2000)) },
          { name: 'txHash', value: hash },
          { name: 'lastSix', value: hash.slice(-6) },
          { name: 'proof', value: png, filename: 'p.png', type: 'image/png' },
        ]);
        const body = await request('POST', '/swx/customer/user/recharge', who.auth, form.payload, {
          'content-type': form.contentType,
        });
        if (ok(body)) pendingDeposits.push(idOf(body));
      },
    },
    {
      name: 'deposit.review',
      weight: 5,
      run: async () => {
        const id = take(pendingDeposits);
        if (id === undefined) return;
        await request(
          'POST',
          `/swx/admin/funding/deposits/${id}/review`,
          finance,
          chance(0.75) ? { decision: 'approve' } : { decision: 'reject', reason: 'simulation' },
        );
      },
    },
    {
      name: 'withdraw.submit',
      weight: 4,
      run: async () => {
        const who = pick(customers);
        const body = await request('POST', '/swx/customer/user/withdrawal', who.auth, {
          method: chance(0.5) ? 'crypto' : 'bank',
          coin: 'USDT',
          network: 'TRC20',
          address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
          bankType: 'SWIFT',
          accountNumber: '12345678',
          holderName: 'Sim User',
          amount: String(int(1, 900)),
          password: WITHDRAW_PASSWORD,
        });
        if (ok(body)) pendingWithdrawals.push(idOf(body));
      },
    },
    {
      name: 'withdraw.review',
      weight: 4,
      run: async () => {
        const id = take(pendingWithdrawals);
        if (id === undefined) return;
        await request(
          'POST',
          `/swx/admin/funding/withdrawals/${id}/review`,
          finance,
          chance(0.6)
            ? { decision: 'approve', payoutRef: `sim-${seed}-${id}` }
            : { decision: 'reject', reason: 'simulation' },
        );
      },
    },
    {
      name: 'plan.buy',
      weight: 5,
      run: async () => {
        const who = pick(customers);
        const body = await request('POST', '/swx/customer/order/buySmart', who.auth, {
          productId: planId,
          days: pick([1, 3, 7]),
          amount: String(int(100, 1500)),
        });
        if (ok(body)) who.plans.push(idOf(body));
      },
    },
    {
      name: 'plan.exit',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        const id = take(who.plans);
        if (id !== undefined)
          await request('POST', '/swx/customer/order/exitSmart', who.auth, { id });
      },
    },
    {
      name: 'loan.apply',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        const body = await request('POST', '/swx/customer/user/loan', who.auth, {
          productId: loanProductId,
          amount: String(int(100, 3000)),
          days: pick([7, 14]),
          signature,
        });
        if (ok(body)) {
          who.loan = idOf(body);
          pendingLoans.push(idOf(body));
        }
      },
    },
    {
      name: 'loan.decide',
      weight: 2,
      run: async () => {
        const id = take(pendingLoans);
        if (id === undefined) return;
        if (chance(0.8)) await request('POST', `/swx/admin/loans/${id}/approve`, finance);
        else
          await request('POST', `/swx/admin/loans/${id}/reject`, finance, {
            reason: 'simulation',
          });
      },
    },
    {
      name: 'loan.repay',
      weight: 2,
      run: async () => {
        const who = pick(customers.filter((c) => c.loan !== undefined).concat(pick(customers)));
        if (who.loan === undefined) return;
        await request('POST', '/swx/customer/user/repayLoan', who.auth, { id: who.loan });
      },
    },
    {
      name: 'nft.bid',
      weight: 5,
      run: async () => {
        const open = liveNfts.filter((n) => n.endsAt > clock);
        if (open.length < 3 || chance(0.05)) await listNft();
        const item = pick(liveNfts.filter((n) => n.endsAt > clock));
        if (!item) return;
        const who = pick(customers);
        if (chance(0.1)) {
          await request('POST', '/swx/customer/user/buyNft', who.auth, {
            id: item.id,
            kind: 'buyNow',
          });
          return;
        }
        const detail = await request('GET', `/swx/customer/index/getNft/${item.id}`, who.auth);
        const minimum = Number((detail.result as { minimumBid?: string } | undefined)?.minimumBid);
        if (!Number.isFinite(minimum)) return;
        await request('POST', '/swx/customer/user/buyNft', who.auth, {
          id: item.id,
          kind: 'bid',
          amount: String(Math.ceil(minimum) + int(0, 20)),
        });
      },
    },
    {
      // The last request again with the same Idempotency-Key (a client retrying): the first
      // reply comes back word for word and nothing happens a second time.
      name: 'replay',
      weight: 3,
      run: async () => {
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
    },
    {
      name: 'demo.reset',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        await request(
          'POST',
          '/swx/customer/user/resetDemo',
          { ...who.auth },
          {},
          { 'x-account-mode': 'demo' },
        );
      },
    },
    {
      // A demo-mode order: demo money moves on the same routes and the same ledger.
      name: 'demo.options',
      weight: 2,
      run: async () => {
        const who = pick(customers);
        await request(
          'POST',
          '/swx/customer/order/buyOptions',
          who.auth,
          {
            code: pick(CODES),
            direction: pick(['up', 'down']),
            seconds: pick([30, 60]),
            amount: String(int(10, 300)),
          },
          { 'x-account-mode': 'demo' },
        );
      },
    },
  ];
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
      if (options.fault.kind === 'settle-twice') {
        // An option that has surely settled, to settle again.
        await request('POST', '/swx/customer/order/buyOptions', who.auth, {
          code: 'BTCUSDT',
          direction: 'up',
          seconds: 30,
          amount: '10',
        });
        await advance(60);
      }
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
  await check(true);
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
