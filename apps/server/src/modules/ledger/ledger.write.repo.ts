import type { AccountMode } from '@swx/contract';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import { unnestRows } from '../../platform/pg-array';
import type { AccountRef } from './ledger.rules';
import { systemBucket } from './ledger.rules';
import { ledgerAccounts } from './ledger.tables';

export interface AccountIdentity {
  account: AccountRef;
  mode: AccountMode;
  asset: string;
}

function columnsOf({ account, mode, asset }: AccountIdentity) {
  return account.owner === 'user'
    ? {
        ownerType: 'user' as const,
        userId: account.userId,
        systemName: null,
        mode,
        asset,
        bucket: account.bucket,
      }
    : {
        ownerType: 'system' as const,
        userId: null,
        systemName: account.name,
        mode,
        asset,
        bucket: systemBucket(account.shard ?? 0),
      };
}

/** The columns of each account the identities name, each account once, and each identity's key. */
function distinct(identities: readonly AccountIdentity[]) {
  const byKey = new Map<string, ReturnType<typeof columnsOf>>();
  const keyOf: string[] = new Array<string>(identities.length);
  for (const [i, identity] of identities.entries()) {
    const c = columnsOf(identity);
    const key = rowKey(c);
    keyOf[i] = key;
    if (!byKey.has(key)) byKey.set(key, c);
  }
  return { columns: [...byKey.values()], keyOf };
}

/** The text that names one account row: the same for an identity and for the row it matches. */
function rowKey(c: {
  ownerType: string;
  userId: number | null;
  systemName: string | null;
  mode: string;
  asset: string;
  bucket: string;
}): string {
  return `${c.ownerType}|${c.userId ?? ''}|${c.systemName ?? ''}|${c.mode}|${c.asset}|${c.bucket}`;
}

export async function ensureAccounts(
  db: Executor,
  identities: readonly AccountIdentity[],
): Promise<void> {
  if (identities.length === 0) return;
  await db.insert(ledgerAccounts).values(distinct(identities).columns).onConflictDoNothing();
}

export interface LockedAccount {
  id: number;
  ownerType: 'user' | 'system';
  userId: number | null;
  balance: string;
}

/**
 * Locks the accounts of `identities` in id order (so transactions touching the same accounts
 * queue instead of deadlocking) in one statement, and returns them by identity; identities whose
 * account does not exist yet are left out of the map. The ids are found first, as one array, and
 * only those rows are locked: with the lookup as a join of the locked rows, under transfers at once
 * (a probe of 16 among 50 users) an account another transaction changed while this one waited
 * sometimes dropped out of the answer, and the caller took it for a missing account.
 */
export async function lockAccounts(
  tx: Tx,
  identities: readonly AccountIdentity[],
): Promise<Map<AccountIdentity, LockedAccount>> {
  // A batch names the same few accounts many times (one user, the house shards): ask once each.
  // The keys go as one array per column (platform/pg-array.ts), users' and the house's apart.
  const { columns: keys, keyOf } = distinct(identities);
  const users = keys.filter((c) => c.ownerType === 'user');
  const house = keys.filter((c) => c.ownerType === 'system');
  type Key = (typeof keys)[number];
  const userKeys = unnestRows(users, 'k', {
    user_id: ['bigint', (c: Key) => c.userId],
    mode: ['text', (c: Key) => c.mode],
    asset: ['text', (c: Key) => c.asset],
    bucket: ['text', (c: Key) => c.bucket],
  });
  const houseKeys = unnestRows(house, 'k', {
    system_name: ['text', (c: Key) => c.systemName],
    mode: ['text', (c: Key) => c.mode],
    asset: ['text', (c: Key) => c.asset],
    bucket: ['text', (c: Key) => c.bucket],
  });
  type Row = {
    id: string | number;
    owner_type: 'user' | 'system';
    user_id: string | number | null;
    system_name: string | null;
    mode: string;
    asset: string;
    bucket: string;
    balance: string;
  };
  const { rows } = (await tx.execute<Row>(sql`
    select a.id, a.owner_type, a.user_id, a.system_name, a.mode, a.asset, a.bucket,
           a.balance::text as balance
    from ledger_accounts a
    where a.id = any(array(
      select u.id from ledger_accounts u join ${userKeys}
        on u.owner_type = 'user' and u.user_id = k.user_id
       and u.mode = k.mode and u.asset = k.asset and u.bucket = k.bucket
      union all
      select s.id from ledger_accounts s join ${houseKeys}
        on s.owner_type = 'system' and s.user_id is null
       and s.system_name = k.system_name and s.mode = k.mode and s.asset = k.asset
       and s.bucket = k.bucket))
    order by a.id
    for update`)) as { rows: Row[] };
  const byKey = new Map<string, LockedAccount>();
  for (const r of rows) {
    const userId = r.user_id === null ? null : Number(r.user_id);
    byKey.set(
      rowKey({
        ownerType: r.owner_type,
        userId,
        systemName: r.system_name,
        mode: r.mode,
        asset: r.asset,
        bucket: r.bucket,
      }),
      { id: Number(r.id), ownerType: r.owner_type, userId, balance: r.balance },
    );
  }
  const found = new Map<AccountIdentity, LockedAccount>();
  for (const [i, identity] of identities.entries()) {
    const row = byKey.get(keyOf[i] ?? '');
    if (row) found.set(identity, row);
  }
  return found;
}

export interface TransactionWrite {
  kind: string;
  ref: string;
  mode: AccountMode;
  memo: Record<string, string> | null;
  at: string | null;
  postings: { accountId: number; asset: string; amount: string; balanceAfter: string }[];
}

/**
 * Writes transactions, their postings and the accounts' new balances in one statement, all or
 * nothing: when a reason (kind, ref) has posted before, no balance and no posting is written and
 * nothing comes back (the caller's transaction must roll back the reasons it did insert). The
 * accounts must be locked by the caller's transaction; `balances` holds each account's final
 * balance. Returns each write's transaction id by its position (`ord`, from 1).
 */
export async function writeTransactions(
  tx: Tx,
  writes: readonly TransactionWrite[],
  balances: ReadonlyMap<number, string>,
): Promise<{ ord: number; id: number }[]> {
  // Each column goes as one array (pg-array.ts); rows keep their order by their ordinality.
  const transactions = unnestRows(writes, 'x', {
    kind: ['text', (w) => w.kind],
    ref: ['text', (w) => w.ref],
    mode: ['text', (w) => w.mode],
    memo: ['jsonb', (w) => (w.memo ? JSON.stringify(w.memo) : null)],
    at: ['timestamptz', (w) => w.at],
  });
  const accounts = unnestRows([...balances], 'v', {
    id: ['bigint', ([id]) => id],
    balance: ['numeric', ([, balance]) => balance],
  });
  // A posting names its transaction by position (ordinality counts from 1).
  const postings = unnestRows(
    writes.flatMap((w, i) => w.postings.map((p) => ({ ord: i + 1, p }))),
    'p',
    {
      tx: ['int', ({ ord }) => ord],
      account_id: ['bigint', ({ p }) => p.accountId],
      asset: ['text', ({ p }) => p.asset],
      amount: ['numeric', ({ p }) => p.amount],
      balance_after: ['numeric', ({ p }) => p.balanceAfter],
    },
  );
  type Written = { id: string | number; ord: string | number };
  // Data-modifying parts of a WITH run to completion whether or not the final select reads them.
  // Each transaction takes its id from the sequence up front (in the writes' order), so postings
  // name it by position with a join on a number, not by its reason.
  const { rows } = (await tx.execute<Written>(sql`
    with x as (
      select x.*, nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as id
      from ${transactions}
    ),
    t as (
      insert into ledger_transactions (id, kind, ref, mode, memo, created_at)
      overriding system value
      select x.id, x.kind, x.ref, x.mode, x.memo, coalesce(x.at, now())
      from x
      order by x.ord
      on conflict do nothing
      returning id
    ),
    complete as (select count(*) = ${writes.length} as yes from t),
    balances as (
      update ledger_accounts a set balance = v.balance, updated_at = now()
      from ${accounts}, complete
      where a.id = v.id and complete.yes
      returning a.id
    ),
    entries as (
      insert into ledger_postings (transaction_id, account_id, asset, amount, balance_after)
      select x.id, p.account_id, p.asset, p.amount, p.balance_after
      from ${postings}
      join x on x.ord = p.tx
      cross join complete
      where complete.yes
      order by p.ord
      returning id
    )
    select x.id, x.ord from x, complete where complete.yes`)) as {
    rows: Written[];
  };
  // `ord` counts the writes from 1. None comes back unless all were written: a reason that had
  // posted before (or twice in the batch) leaves the whole batch unwritten.
  return rows.map((r) => ({ id: Number(r.id), ord: Number(r.ord) }));
}
