/**
 * What must hold after every step of the whole-system simulation, read straight from the
 * database: the ledger's own invariants (the same check as `npm run ledger:check`), every object in
 * a valid state that agrees with its ledger entries, and each unit of work (a settlement, a plan
 * day's accrual, a loan's repayment, an auction's close, a withdrawal's outcome) posted exactly
 * once: a ledger reason (kind, ref) is unique, so "exactly once" is "the object's state says it
 * happened, and there is one entry for it, and no entry for an object that says it did not".
 *
 * With `now` (Unix seconds of the simulation's clock, after the jobs ran up to it) it also checks
 * that nothing due was left behind: options past expiry settled, plan days paid, auctions closed.
 *
 * A check reads either the whole database or only what changed since the check before it (the
 * simulation's own triggers record every changed row: `installChangeLog`), so that a long run's
 * checks cost what happened between them rather than its whole history.
 */
import { sql, type SQL } from 'drizzle-orm';
import { findInvariantBreaches } from '../../src/modules/ledger';
import type { Db, Executor } from '../../src/platform/db';
import {
  CHANGED_LEDGER,
  changeLogState,
  forgetChanges,
  rememberBalances,
  scopeChanges,
} from './change-log';

export interface SimBreach {
  invariant: string;
  detail: string;
}

/**
 * What a check looks at. A full check looks at everything; an incremental one only at the objects
 * that changed since the last check (their keys recorded by the triggers of `installChangeLog`) and
 * at the ledger transactions and postings written since then. `object(table, key)` is the condition
 * that keeps a table's row in view, `newEntry(id)` the one that keeps a ledger transaction.
 */
interface Scope {
  object(table: string, key: SQL, cast?: 'int'): SQL;
  newEntry(id: SQL): SQL;
}

const EVERYTHING: Scope = { object: () => sql`true`, newEntry: () => sql`true` };

const CHANGED: Scope = {
  object: (table, key, cast) =>
    cast
      ? sql`${key} in (select key::${sql.raw(cast)} from sim_scope where tbl = ${table})`
      : sql`${key} in (select key from sim_scope where tbl = ${table})`,
  newEntry: (id) =>
    sql`${id} in (select key::bigint from sim_scope where tbl = 'ledger_transactions')`,
};

/** One check: a query answering one row per offending object in view, described by `detail`. */
const CHECKS: { invariant: string; query: (now: string | null, scope: Scope) => SQL | null }[] = [
  {
    invariant: 'state_valid',
    query: (_, scope) => sql`
      select 'options ' || order_no || ' ' || state as detail from options_orders
        where state not in ('running', 'won', 'lost', 'draw') and ${scope.object('options_orders', sql`order_no`)}
      union all select 'spot ' || order_no || ' ' || state from spot_orders
        where state not in ('waiting', 'filled', 'cancelled', 'revoked') and ${scope.object('spot_orders', sql`order_no`)}
      union all select 'contract ' || order_no || ' ' || state from contract_orders
        where state not in ('awaiting', 'open', 'closed', 'cancelled') and ${scope.object('contract_orders', sql`order_no`)}
      union all select 'plan ' || order_no || ' ' || state from smart_orders
        where state not in ('earning', 'shared', 'expired') and ${scope.object('smart_orders', sql`order_no`)}
      union all select 'loan ' || loan_no || ' ' || state from loans
        where state not in ('pending', 'repaying', 'repaid', 'expired', 'rejected') and ${scope.object('loans', sql`loan_no`)}
      union all select 'deposit ' || order_no || ' ' || state from deposits
        where state not in ('pending', 'approved', 'rejected') and ${scope.object('deposits', sql`order_no`)}
      union all select 'withdrawal ' || order_no || ' ' || state from withdrawals
        where state not in ('pending', 'approved', 'rejected') and ${scope.object('withdrawals', sql`order_no`)}`,
  },
  {
    // A request under an Idempotency-Key that succeeded committed its effect in a transaction that
    // marked the key: without the mark, a retry after a crash could take the key over and act twice.
    invariant: 'idempotent_success_marked',
    query: (_, scope) => sql`
      select 'key ' || scope || ' ' || key || ': ' || left(body, 80) as detail from idempotency_keys
        where status = 'done' and committed_at is null and body ~ '^\\{"code":(200|2[0-9]{4}),'
          and ${scope.object('idempotency_keys', sql`scope || ' ' || key`)}`,
  },
  {
    // An option is bought once and settled once exactly when its state says it was settled.
    invariant: 'option_settled_once',
    query: (_, scope) => sql`
      select 'option ' || o.order_no || ' ' || o.state || ': ' || count(t.id) filter (where t.kind = 'options.buy')
             || ' buy, ' || count(t.id) filter (where t.kind = 'options.settle') || ' settle' as detail
      from options_orders o
      left join ledger_transactions t on t.ref = o.order_no and t.kind in ('options.buy', 'options.settle')
      where ${scope.object('options_orders', sql`o.order_no`)}
      group by o.order_no, o.state
      having count(t.id) filter (where t.kind = 'options.buy') <> 1
          or count(t.id) filter (where t.kind = 'options.settle') <> (case when o.state = 'running' then 0 else 1 end)`,
  },
  {
    invariant: 'spot_outcome_once',
    query: (_, scope) => sql`
      select 'spot ' || o.order_no || ' ' || o.state || ': ' || count(t.id) filter (where t.kind = 'spot.fill')
             || ' fill, ' || count(t.id) filter (where t.kind in ('spot.cancel', 'spot.revoke')) || ' cancel/revoke' as detail
      from spot_orders o
      left join ledger_transactions t on t.ref = o.order_no and t.kind in ('spot.fill', 'spot.cancel', 'spot.revoke')
      where ${scope.object('spot_orders', sql`o.order_no`)}
      group by o.order_no, o.state
      having count(t.id) filter (where t.kind = 'spot.fill') <> (case when o.state = 'filled' then 1 else 0 end)
          or count(t.id) filter (where t.kind = 'spot.cancel') <> (case when o.state = 'cancelled' then 1 else 0 end)
          or count(t.id) filter (where t.kind = 'spot.revoke') <> (case when o.state = 'revoked' then 1 else 0 end)`,
  },
  {
    invariant: 'contract_outcome_once',
    query: (_, scope) => sql`
      select 'contract ' || o.order_no || ' ' || o.state || ': ' || count(t.id) filter (where t.kind = 'contract.close')
             || ' close, ' || count(t.id) filter (where t.kind = 'contract.cancel') || ' cancel' as detail
      from contract_orders o
      left join ledger_transactions t on t.ref = o.order_no and t.kind in ('contract.close', 'contract.cancel')
      where ${scope.object('contract_orders', sql`o.order_no`)}
      group by o.order_no, o.state
      having count(t.id) filter (where t.kind = 'contract.close') <> (case when o.state = 'closed' then 1 else 0 end)
          or count(t.id) filter (where t.kind = 'contract.cancel') <> (case when o.state = 'cancelled' then 1 else 0 end)`,
  },
  {
    // Each paid plan day has its own entry; the principal comes back once, by maturity or exit.
    invariant: 'plan_days_once',
    query: (_, scope) => sql`
      select 'plan ' || o.order_no || ' ' || o.state || ' paid ' || o.paid_days || '/' || o.days || ': '
             || count(t.id) filter (where t.kind = 'earn.accrue') || ' accruals, '
             || count(t.id) filter (where t.kind in ('earn.return', 'earn.exit')) || ' return/exit' as detail
      from smart_orders o
      left join ledger_transactions t on
        (t.kind = 'earn.accrue' and t.ref like o.order_no || ':%')
        or (t.kind in ('earn.return', 'earn.exit') and t.ref = o.order_no)
      where ${scope.object('smart_orders', sql`o.order_no`)}
      group by o.order_no, o.state, o.paid_days, o.days, o.daily_earning
      having count(t.id) filter (where t.kind = 'earn.accrue')
               <> (case when o.daily_earning = 0 then 0 else o.paid_days end)
          or count(t.id) filter (where t.kind = 'earn.return') <> (case when o.state = 'shared' then 1 else 0 end)
          or count(t.id) filter (where t.kind = 'earn.exit') <> (case when o.state = 'expired' then 1 else 0 end)
          or (o.state = 'shared' and o.paid_days <> o.days)`,
  },
  {
    invariant: 'loan_once',
    query: (_, scope) => sql`
      select 'loan ' || l.loan_no || ' ' || l.state || ': ' || count(t.id) filter (where t.kind = 'loan.disburse')
             || ' disburse, ' || count(t.id) filter (where t.kind = 'loan.repay') || ' repay' as detail
      from loans l
      left join ledger_transactions t on t.ref = l.loan_no and t.kind in ('loan.disburse', 'loan.repay')
      where ${scope.object('loans', sql`l.loan_no`)}
      group by l.loan_no, l.state
      having count(t.id) filter (where t.kind = 'loan.disburse')
               <> (case when l.state in ('repaying', 'expired', 'repaid') then 1 else 0 end)
          or count(t.id) filter (where t.kind = 'loan.repay') <> (case when l.state = 'repaid' then 1 else 0 end)`,
  },
  {
    // A sold item was paid for once (won at the close or bought outright), else never.
    invariant: 'auction_closed_once',
    query: (_, scope) => sql`
      select 'nft ' || i.id || ' ' || i.state || ': ' || count(t.id) || ' win/buy, '
             || (select count(*) from nft_bids b where b.item_id = i.id and b.state = 'leading') || ' leading' as detail
      from nft_items i
      left join ledger_transactions t on t.ref = i.id::text and t.kind in ('nft.win', 'nft.buy')
      where ${scope.object('nft_items', sql`i.id`, 'int')}
      group by i.id, i.state
      having count(t.id) <> (case when i.state = 'sold' then 1 else 0 end)
          or (select count(*) from nft_bids b where b.item_id = i.id and b.state = 'leading')
               > (case when i.state = 'open' then 1 else 0 end)`,
  },
  {
    // A bid froze once; it was refunded once exactly when it is no longer leading and did not win.
    invariant: 'bid_refunded_once',
    query: (_, scope) => sql`
      select 'bid ' || b.id || ' ' || b.state || ': ' || count(t.id) filter (where t.kind = 'nft.bid') || ' bid, '
             || count(t.id) filter (where t.kind = 'nft.refund') || ' refund' as detail
      from nft_bids b
      left join ledger_transactions t on t.ref = b.id::text and t.kind in ('nft.bid', 'nft.refund')
      where ${scope.object('nft_bids', sql`b.id`, 'int')}
      group by b.id, b.state
      having count(t.id) filter (where t.kind = 'nft.bid') <> 1
          or count(t.id) filter (where t.kind = 'nft.refund')
               <> (case when b.state in ('outbid', 'refunded') then 1 else 0 end)`,
  },
  {
    invariant: 'deposit_credited_once',
    query: (_, scope) => sql`
      select 'deposit ' || d.order_no || ' ' || d.state || ': ' || count(t.id) || ' credits' as detail
      from deposits d left join ledger_transactions t on t.ref = d.order_no and t.kind = 'deposit'
      where ${scope.object('deposits', sql`d.order_no`)}
      group by d.order_no, d.state
      having count(t.id) <> (case when d.state = 'approved' then 1 else 0 end)`,
  },
  {
    // Frozen when submitted, then paid or returned in full: never both, never a third outcome.
    invariant: 'withdrawal_paid_or_returned',
    query: (_, scope) => sql`
      select 'withdrawal ' || w.order_no || ' ' || w.state || ': '
             || count(t.id) filter (where t.kind = 'withdraw.freeze') || ' freeze, '
             || count(t.id) filter (where t.kind = 'withdraw.pay') || ' pay, '
             || count(t.id) filter (where t.kind = 'withdraw.return') || ' return' as detail
      from withdrawals w
      left join ledger_transactions t on t.ref = w.order_no and t.kind like 'withdraw.%'
      where ${scope.object('withdrawals', sql`w.order_no`)}
      group by w.order_no, w.state
      having count(t.id) filter (where t.kind = 'withdraw.freeze') <> 1
          or count(t.id) filter (where t.kind = 'withdraw.pay') <> (case when w.state = 'approved' then 1 else 0 end)
          or count(t.id) filter (where t.kind = 'withdraw.return') <> (case when w.state = 'rejected' then 1 else 0 end)`,
  },
  {
    // No settlement entry without the object it settles (a unit that ran again under another key).
    invariant: 'entry_has_object',
    query: (_, scope) => sql`
      select t.kind || ' ' || t.ref || ' has no object' as detail from ledger_transactions t
      where ${scope.newEntry(sql`t.id`)} and ((t.kind in ('options.buy', 'options.settle') and not exists (select 1 from options_orders o where o.order_no = t.ref))
         or (t.kind in ('spot.fill', 'spot.cancel', 'spot.revoke') and not exists (select 1 from spot_orders o where o.order_no = t.ref))
         or (t.kind in ('contract.close', 'contract.cancel') and not exists (select 1 from contract_orders o where o.order_no = t.ref))
         or (t.kind in ('earn.return', 'earn.exit', 'earn.buy') and not exists (select 1 from smart_orders o where o.order_no = t.ref))
         or (t.kind = 'earn.accrue' and not exists (
               select 1 from smart_orders o where t.ref = o.order_no || ':' || split_part(t.ref, ':', 2)
                 and split_part(t.ref, ':', 2)::int between 1 and o.paid_days))
         or (t.kind in ('loan.disburse', 'loan.repay') and not exists (select 1 from loans l where l.loan_no = t.ref))
         or (t.kind in ('nft.win', 'nft.buy') and not exists (select 1 from nft_items i where i.id::text = t.ref and i.state = 'sold'))
         or (t.kind = 'deposit' and not exists (select 1 from deposits d where d.order_no = t.ref))
         or (t.kind like 'withdraw.%' and not exists (select 1 from withdrawals w where w.order_no = t.ref)))`,
  },
  {
    // Each commission day is paid once per inviter and asset, and its row and entry agree.
    invariant: 'commission_once',
    query: (_, scope) => sql`
      select 'commission ' || t.ref || ': entry without its row' as detail from ledger_transactions t
      where t.kind = 'invite.commission' and ${scope.newEntry(sql`t.id`)}
        and (select count(*) from invite_commissions c
             where c.inviter_id || ':' || c.day || ':' || c.asset = t.ref) <> 1`,
  },
  {
    // A job unit is marked done at most once (a unique key), and none is left half-done.
    invariant: 'job_unit_once',
    query: (_, scope) => sql`
      select job || ' ' || key || ' ' || status || ' x' || count(*) as detail from job_runs
      where ${scope.object('job_runs', sql`job || ' ' || key`)}
      group by job, key, status having count(*) > 1`,
  },
  {
    invariant: 'nothing_due_left',
    query: (now) =>
      now === null
        ? null
        : sql`
      select 'option ' || order_no || ' still running past its expiry' as detail from options_orders
        where state = 'running' and expires_at < ${now}::timestamptz - interval '1 second'
      union all select 'nft ' || id || ' still open past its end' from nft_items
        where state = 'open' and ends_at < ${now}::timestamptz - interval '130 seconds'
      union all select 'plan ' || order_no || ' paid ' || paid_days || ' days by ' || ${now} from smart_orders
        where state = 'earning' and (
          paid_days > floor(extract(epoch from (${now}::timestamptz - start_at)) / 86400)
          or paid_days < least(days, floor(extract(epoch from (${now}::timestamptz - interval '130 seconds' - start_at)) / 86400)))
      union all select 'loan ' || loan_no || ' repaying past its due date' from loans
        where state = 'repaying' and due_at < ${now}::timestamptz - interval '130 seconds'
      union all select 'commission day ' || key || ' ' || status || ' (a unit left half-done)' from job_runs
        where job = 'invite.commission' and status <> 'done'
          and key::timestamptz + interval '1 day 10 minutes' < ${now}::timestamptz`,
  },
];

async function detailsOf(db: Executor, invariant: string, query: SQL): Promise<SimBreach[]> {
  const result = (await db.execute<Record<string, unknown>>(query)) as {
    rows: { detail: string }[];
  };
  return result.rows.slice(0, 20).map((row) => ({ invariant, detail: row.detail }));
}

/**
 * Every breach of the simulation's invariants; empty when all hold.
 *
 * `full` reads the whole database (the ledger's own check, `npm run ledger:check`, and every object).
 * `changes` reads only what changed since the last check, as the triggers of `installChangeLog`
 * recorded it: the objects written since then and those the new ledger transactions name, the new
 * postings and the accounts they or anything else touched (each against its balance at the last
 * check). A long run's checks then cost what happened between them instead of the whole history.
 * Until a full check has run on the database, `changes` runs a full one.
 */
export async function findSimBreaches(
  db: Db,
  nowSeconds?: number,
  mode: 'full' | 'changes' = 'full',
): Promise<SimBreach[]> {
  const now = nowSeconds === undefined ? null : new Date(nowSeconds * 1000).toISOString();
  return db.transaction(async (tx) => {
    const { installed, fullDone } = await changeLogState(tx);
    const breaches: SimBreach[] = [];
    if (mode === 'changes' && fullDone) {
      await scopeChanges(tx);
      for (const check of CHANGED_LEDGER)
        breaches.push(...(await detailsOf(tx, check.invariant, check.query)));
      for (const check of CHECKS) {
        const query = check.query(now, CHANGED);
        if (query) breaches.push(...(await detailsOf(tx, check.invariant, query)));
      }
      await rememberBalances(tx, 'in view');
      return breaches;
    }
    if (installed) await forgetChanges(tx);
    for (const b of await findInvariantBreaches(tx))
      breaches.push({ invariant: `ledger.${b.invariant}`, detail: b.detail });
    for (const check of CHECKS) {
      const query = check.query(now, EVERYTHING);
      if (query) breaches.push(...(await detailsOf(tx, check.invariant, query)));
    }
    if (installed) await rememberBalances(tx, 'all');
    return breaches;
  });
}
