/**
 * The simulation's own record of what changed between two of its invariant checks, so that a
 * check can read only that (./invariants.ts, `findSimBreaches` with `changes`). The simulation's
 * database is a scratch one: the record lives in it, as three tables of its own and a row trigger
 * on every followed table, whichever path changed the row (a route, a job, a deliberate breach).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../src/platform/db';

/**
 * The tables whose changes an incremental check follows, with the keys a trigger records for each
 * changed row (`a+b`: two columns joined by a space, as the checks spell the key). A bid's change
 * also puts its item in view: an item's check counts its leading bids.
 */
const FOLLOWED: Record<string, string[]> = {
  options_orders: ['options_orders', 'order_no'],
  spot_orders: ['spot_orders', 'order_no'],
  contract_orders: ['contract_orders', 'order_no'],
  smart_orders: ['smart_orders', 'order_no'],
  loans: ['loans', 'loan_no'],
  deposits: ['deposits', 'order_no'],
  withdrawals: ['withdrawals', 'order_no'],
  nft_items: ['nft_items', 'id'],
  nft_bids: ['nft_bids', 'id', 'nft_items', 'item_id'],
  idempotency_keys: ['idempotency_keys', 'scope+key'],
  job_runs: ['job_runs', 'job+key'],
  ledger_accounts: ['ledger_accounts', 'id'],
  ledger_transactions: ['ledger_transactions', 'id'],
  ledger_postings: ['ledger_postings', 'id'],
};

/**
 * Installs the record (once, after the migrations): `sim_changed` gets each changed row's key from
 * the triggers, `sim_check_balances` keeps each ledger account's balance as the last check found it.
 */
export async function installChangeLog(db: Executor): Promise<void> {
  await db.execute(
    sql`create table if not exists sim_changed (tbl text not null, key text not null)`,
  );
  await db.execute(sql`create table if not exists sim_check_balances
    (account_id bigint primary key, balance numeric not null)`);
  await db.execute(
    sql`create table if not exists sim_check_state (full_check_done boolean primary key)`,
  );
  await db.execute(
    sql.raw(`create or replace function sim_note_change() returns trigger
    language plpgsql as $$
    declare
      r jsonb;
      col text;
      i int := 0;
    begin
      if tg_op = 'DELETE' then r := to_jsonb(old); else r := to_jsonb(new); end if;
      while i < tg_nargs loop
        col := tg_argv[i + 1];
        insert into sim_changed (tbl, key) values (tg_argv[i],
          case when position('+' in col) > 0
            then (r ->> split_part(col, '+', 1)) || ' ' || (r ->> split_part(col, '+', 2))
            else r ->> col end);
        i := i + 2;
      end loop;
      return null;
    end $$`),
  );
  for (const [table, args] of Object.entries(FOLLOWED)) {
    await db.execute(sql.raw(`drop trigger if exists sim_changes on ${table}`));
    await db.execute(
      sql.raw(`create trigger sim_changes after insert or update or delete on ${table}
        for each row execute function sim_note_change(${args.map((a) => `'${a}'`).join(', ')})`),
    );
  }
}

/** The ledger's invariants over what changed since the last check (see `findSimBreaches`). */
export const CHANGED_LEDGER: { invariant: string; query: SQL }[] = [
  {
    // Each account in view holds its balance at the last check plus its new postings.
    invariant: 'ledger.balance_equals_postings',
    query: sql`
      with n as (
        select account_id, sum(amount) as total from ledger_postings
        where id in (select key::bigint from sim_scope where tbl = 'ledger_postings')
        group by account_id)
      select 'account ' || a.id || ': balance ' || a.balance || ', last check '
             || coalesce(s.balance, 0) || ' plus postings ' || coalesce(n.total, 0) as detail
      from ledger_accounts a
      left join sim_check_balances s on s.account_id = a.id
      left join n on n.account_id = a.id
      where a.id in (select key::bigint from sim_scope where tbl = 'ledger_accounts')
        and a.balance <> coalesce(s.balance, 0) + coalesce(n.total, 0)`,
  },
  {
    invariant: 'ledger.mode_asset_sums_to_zero',
    query: sql`
      select mode || ' ' || asset || ': balances sum to ' || sum(balance) as detail
      from ledger_accounts group by mode, asset having sum(balance) <> 0`,
  },
  {
    invariant: 'ledger.user_balance_nonnegative',
    query: sql`
      select 'account ' || id || ': balance ' || balance as detail from ledger_accounts
      where owner_type = 'user' and balance < 0`,
  },
  {
    invariant: 'ledger.transaction_balances',
    query: sql`
      select 'transaction ' || transaction_id || ' ' || asset || ': postings sum to ' || sum(amount) as detail
      from ledger_postings
      where transaction_id in (
        select transaction_id from ledger_postings
        where id in (select key::bigint from sim_scope where tbl = 'ledger_postings'))
      group by transaction_id, asset having sum(amount) <> 0`,
  },
  {
    invariant: 'ledger.posting_mode_matches',
    query: sql`
      select 'posting ' || p.id || ' crosses mode or asset' as detail from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_transactions t on t.id = p.transaction_id
      where p.id in (select key::bigint from sim_scope where tbl = 'ledger_postings')
        and (a.mode <> t.mode or a.asset <> p.asset)`,
  },
  {
    invariant: 'ledger.posting_has_parents',
    query: sql`
      select 'posting ' || p.id || ' names a missing transaction or account' as detail
      from ledger_postings p
      where p.id in (select key::bigint from sim_scope where tbl = 'ledger_postings')
        and (not exists (select 1 from ledger_transactions t where t.id = p.transaction_id)
          or not exists (select 1 from ledger_accounts a where a.id = p.account_id))`,
  },
];

/** Whether the record is installed, and whether a full check has run since (the starting point). */
export async function changeLogState(
  tx: Executor,
): Promise<{ installed: boolean; fullDone: boolean }> {
  const logged = (await tx.execute<Record<string, unknown>>(
    sql`select to_regclass('sim_check_state') is not null as installed`,
  )) as { rows: { installed: boolean }[] };
  if (logged.rows[0]?.installed !== true) return { installed: false, fullDone: false };
  const done = (await tx.execute(sql`select 1 from sim_check_state`)) as { rows: unknown[] };
  return { installed: true, fullDone: done.rows.length > 0 };
}

/**
 * `sim_scope` (dropped at the transaction's end): what changed since the last check, taken out of
 * the record, with the objects that the new ledger transactions name and the accounts of the new
 * postings.
 */
export async function scopeChanges(tx: Executor): Promise<void> {
  await tx.execute(sql`create temp table sim_scope (tbl text, key text) on commit drop`);
  await tx.execute(sql`
    with d as (delete from sim_changed returning tbl, key)
    insert into sim_scope select distinct tbl, key from d`);
  // A small table the planner knows to be small: the lookups below and the checks use indexes.
  await tx.execute(sql`analyze sim_scope`);
  // The objects that the new ledger transactions name, and the accounts of the new postings.
  await tx.execute(sql`
    insert into sim_scope
    select distinct v.tbl, split_part(t.ref, ':', 1) from ledger_transactions t,
      lateral (select case
        when t.kind like 'options.%' then 'options_orders'
        when t.kind like 'spot.%' then 'spot_orders'
        when t.kind like 'contract.%' then 'contract_orders'
        when t.kind like 'earn.%' then 'smart_orders'
        when t.kind like 'loan.%' then 'loans'
        when t.kind in ('nft.win', 'nft.buy') then 'nft_items'
        when t.kind in ('nft.bid', 'nft.refund') then 'nft_bids'
        when t.kind = 'deposit' then 'deposits'
        when t.kind like 'withdraw.%' then 'withdrawals' end as tbl) v
    where t.id in (select key::bigint from sim_scope where tbl = 'ledger_transactions')
      and v.tbl is not null`);
  await tx.execute(sql`
    insert into sim_scope select distinct 'ledger_accounts', account_id::text from ledger_postings
    where id in (select key::bigint from sim_scope where tbl = 'ledger_postings')`);
  await tx.execute(sql`analyze sim_scope`);
}

/** A full check reads everything: what the record held is seen. */
export async function forgetChanges(tx: Executor): Promise<void> {
  await tx.execute(sql`delete from sim_changed`);
}

/** The balances the next check starts from: the accounts in view, or all after a full check. */
export async function rememberBalances(tx: Executor, which: 'in view' | 'all'): Promise<void> {
  await tx.execute(sql`
    insert into sim_check_balances (account_id, balance)
    select id, balance from ledger_accounts
    ${which === 'all' ? sql`` : sql`where id in (select key::bigint from sim_scope where tbl = 'ledger_accounts')`}
    on conflict (account_id) do update set balance = excluded.balance`);
  if (which === 'all')
    await tx.execute(sql`insert into sim_check_state values (true) on conflict do nothing`);
}
