/**
 * One server node of the whole-system simulation, in its own process so that the simulation can
 * kill it with SIGKILL. Started with `node --import tsx`; its database survives the kill (a
 * PostgreSQL database named by SIM_DATABASE_URL, or a PGlite data directory SIM_PGLITE_DIR on
 * disk). The clock is fake: the parent says where it stands at start (SIM_CLOCK) and moves it with
 * `advance`, which replays the trigger engine up to that second and runs every due job unit on
 * this clock. The parent calls the real routes through `inject` (over IPC: the same app, the same
 * hooks, no socket) and asks for the invariant check with `check`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createSession } from '../../src/platform/auth';
import { loadConfig } from '../../src/platform/config';
import { openPglite, openPostgres, type Database } from '../../src/platform/db';
import { createJobsRunner } from '../../src/platform/jobs';
import { hashPassword } from '../../src/platform/passwords';
import { insertUser } from '../../src/modules/users';
import { post, postAlone, transferPostings } from '../../src/modules/ledger';
import { JOBS, startNode } from '../../src/node';
import { fund, verifyKyc } from '../support/trading';
import { insertStaffForTest } from '../support/staff';
import { installChangeLog } from './change-log';
import { findSimBreaches } from './invariants';
import type { Command, Reply } from './protocol';

const clock = { seconds: Number(process.env.SIM_CLOCK) };
if (!Number.isFinite(clock.seconds)) throw new Error('SIM_CLOCK is not set');

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.SIM_LOG_LEVEL ?? 'silent',
  JOBS_ENABLED: 'false',
  WEB_DIST: '/nonexistent/web',
  ADMIN_DIST: '/nonexistent/admin',
  DATA_DIR: process.env.SIM_DATA_DIR ?? '',
  RATE_LIMIT_MAX: '1000000000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  TRIGGER_WATERMARK: process.env.SIM_WATERMARK ?? 'simulation',
  NODE_ID: `sim-${process.pid}`,
  REDIS_PREFIX: process.env.SIM_REDIS_PREFIX ?? `sim:${randomUUID()}:`,
  ...(process.env.SIM_REDIS_URL ? { REDIS_URL: process.env.SIM_REDIS_URL } : {}),
});

const database: Database = process.env.SIM_DATABASE_URL
  ? openPostgres(process.env.SIM_DATABASE_URL, 10)
  : await openPglite(process.env.SIM_PGLITE_DIR);
const node = await startNode(config, { database, clock: () => clock.seconds });
// The scheduled jobs as in production, but on the simulation's clock.
const jobs = createJobsRunner({
  db: database.db,
  node: config.NODE_ID,
  jobs: JOBS,
  bus: node.bus,
  maxUnitsPerPass: 100_000,
  clock: () => new Date(clock.seconds * 1000),
  onError: (job, key, error) => {
    process.send?.({ op: 'log', text: `job ${job} ${key} failed: ${String(error)}` });
  },
});

async function session(principal: 'user' | 'staff', id: number): Promise<string> {
  // Sessions live on the wall clock; the simulated days must not end them.
  const policy = { idleMinutes: 1_000_000, absoluteHours: 100_000 };
  const { token } = await createSession(database.db, { principal, principalId: id, policy });
  return token;
}

async function handle(command: Command): Promise<unknown> {
  switch (command.op) {
    case 'inject': {
      const res = await node.app.inject({
        method: command.method,
        url: command.url,
        headers: command.headers,
        ...(command.payload !== undefined
          ? { payload: command.payload as InjectOptions['payload'] }
          : {}),
      });
      return { status: res.statusCode, body: res.body };
    }
    case 'advance': {
      clock.seconds = command.seconds;
      await node.triggers.advanceTo(command.seconds);
      return { ran: (await jobs.runDue()).map((u) => u.job) };
    }
    case 'setup': {
      // What changes from here on is recorded for the incremental checks (./invariants.ts).
      await installChangeLog(database.db);
      // Customers as created by sign-up and a verified KYC, funded the way a deposit arrives.
      const hash = await hashPassword(command.withdrawPassword);
      const users: { userId: number; token: string }[] = [];
      for (let i = 0; i < command.users; i++) {
        // Every fifth customer came by a friend's invitation (commissions on their fees).
        const inviter = i >= 10 && i % 5 === 0 ? users[i % 10]?.userId : undefined;
        const userId = await insertUser(database.db, {
          username: `sim_${command.tag}_${i}`,
          ...(inviter ? { invitedBy: inviter } : {}),
        });
        await verifyKyc({ database }, userId);
        await fund({ database }, userId, 'USDT', command.usdt);
        await fund({ database }, userId, 'USDT', command.usdt, 'demo');
        users.push({ userId, token: await session('user', userId) });
      }
      await database.db.execute(
        sql`update users set withdraw_password_hash = ${hash} where username like ${`sim_${command.tag}_%`}`,
      );
      const staff: Record<string, { staffId: number; token: string }> = {};
      for (const role of ['admin', 'finance'] as const) {
        const staffId = await insertStaffForTest(database, [role]);
        staff[role] = { staffId, token: await session('staff', staffId) };
      }
      return { users, staff };
    }
    case 'prices':
      return command.codes.map((code) => {
        const instrument = node.markets.byCodeOf(code);
        if (!instrument) throw new Error(`${code} missing`);
        return {
          code,
          price: node.markets.source.priceAt(instrument.spec, clock.seconds),
          precision: instrument.row.precision,
          leverages: instrument.row.leverages,
        };
      });
    case 'session':
      return { token: await session(command.principal, command.id) };
    case 'check':
      return { breaches: await findSimBreaches(database.db, command.now, command.mode) };
    case 'fault': {
      // Deliberate breaches, for the test that shows the simulation catches them.
      if (command.kind === 'unbalanced') {
        await database.db.transaction(async (tx) => {
          const result = await post(tx, {
            kind: 'sim.fault',
            ref: randomUUID(),
            mode: 'real',
            postings: transferPostings(
              { owner: 'system', name: 'custody' },
              { owner: 'user', userId: command.userId, bucket: 'available' },
              'USDT',
              '1',
            ),
          });
          // One leg written twice behind the ledger's back (the ledger refuses edits, not
          // appends): the account no longer equals its postings and the transaction no longer
          // balances.
          await tx.execute(sql`
            insert into ledger_postings (transaction_id, account_id, asset, amount, balance_after)
            select transaction_id, account_id, asset, amount, balance_after from ledger_postings
            where transaction_id = ${result.transactionId} and amount > 0`);
        });
      } else if (command.kind === 'balance-edit') {
        // A balance changed behind the ledger's back, with no posting (an old account: the
        // incremental check sees it through the account's own change, not through new entries).
        const edited = (await database.db.execute(sql`
          update ledger_accounts set balance = balance + 1
          where id = (select id from ledger_accounts where owner_type = 'user'
            and user_id = ${command.userId} and mode = 'real' and asset = 'USDT'
            and bucket = 'available')
          returning id`)) as { rows: unknown[] };
        if (edited.rows.length === 0) return { applied: false };
      } else if (command.kind === 'state-edit') {
        // A settled option's row alone changed: no new ledger entry names it.
        const edited = (await database.db.execute(sql`
          update options_orders set state = 'running'
          where id = (select id from options_orders where state <> 'running' and mode = 'real'
            order by id limit 1)
          returning id`)) as { rows: unknown[] };
        if (edited.rows.length === 0) return { applied: false };
      } else {
        // A unit of work run a second time with its key gone: an option settled twice.
        const rows = (await database.db.execute<Record<string, unknown>>(sql`
          select o.order_no, o.user_id::int as user_id from options_orders o
          join ledger_transactions t on t.kind = 'options.settle' and t.ref = o.order_no
          where o.state <> 'running' and o.mode = 'real' order by o.id limit 1`)) as {
          rows: { order_no: string; user_id: number }[];
        };
        const row = rows.rows[0];
        if (!row) return { applied: false };
        await postAlone(database.db, {
          kind: 'options.settle',
          ref: `${row.order_no}#again`,
          mode: 'real',
          memo: { orderNo: row.order_no },
          postings: transferPostings(
            { owner: 'system', name: 'house' },
            { owner: 'user', userId: row.user_id, bucket: 'available' },
            'USDT',
            '1',
          ),
        });
      }
      return { applied: true };
    }
    case 'stop':
      await jobs.stop();
      await node.close();
      await database.close();
      return {};
  }
}

process.on('message', (command: Command) => {
  void handle(command).then(
    (result) => {
      process.send?.({ op: 'reply', id: command.id, result } satisfies Reply);
      if (command.op === 'stop') process.exit(0);
    },
    (error: unknown) =>
      process.send?.({
        op: 'reply',
        id: command.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies Reply),
  );
});

process.send?.({ op: 'ready' });
