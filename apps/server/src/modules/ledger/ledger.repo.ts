import type { AccountMode } from '@swx/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import { unnestRows } from '../../platform/pg-array';
import type { AccountRef } from './ledger.rules';
import { systemBucket } from './ledger.rules';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.tables';

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

export async function findTransactionByReason(db: Executor, kind: string, ref: string) {
  const [row] = await db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.ref, ref)))
    .limit(1);
  return row;
}

export async function selectUserBalances(db: Executor, userId: number, mode: AccountMode) {
  return db
    .select({
      asset: ledgerAccounts.asset,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'user'),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.mode, mode),
      ),
    )
    .orderBy(asc(ledgerAccounts.asset), asc(ledgerAccounts.bucket));
}

/** A system account's balance in one mode and asset: the sum of its shards. */
export async function selectSystemBalance(
  db: Executor,
  name: string,
  mode: AccountMode,
  asset: string,
) {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'system'),
        eq(ledgerAccounts.systemName, name),
        eq(ledgerAccounts.mode, mode),
        eq(ledgerAccounts.asset, asset),
      ),
    );
  return row?.balance ?? '0';
}

/** The user's own entries, newest first: what the records screen and the export show. */
export async function selectUserEntries(
  db: Executor,
  input: {
    userId: number;
    mode: AccountMode;
    limit: number;
    offset: number;
    assets?: readonly string[];
    /** Only reasons whose kind starts with one of these (`spot.`), or none of these. */
    kinds?: { prefixes: readonly string[]; exclude?: boolean };
  },
) {
  const prefixes = input.kinds?.prefixes ?? [];
  const kindMatch =
    prefixes.length === 0
      ? undefined
      : sql`(${sql.join(
          prefixes.map((p) => sql`${ledgerTransactions.kind} like ${`${p}%`}`),
          sql` or `,
        )})`;
  const where = and(
    eq(ledgerAccounts.ownerType, 'user'),
    eq(ledgerAccounts.userId, input.userId),
    eq(ledgerAccounts.mode, input.mode),
    input.assets && input.assets.length > 0
      ? inArray(ledgerAccounts.asset, [...input.assets])
      : undefined,
    kindMatch && input.kinds?.exclude ? sql`not ${kindMatch}` : kindMatch,
  );
  const rows = await db
    .select({
      postingId: ledgerPostings.id,
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      ref: ledgerTransactions.ref,
      asset: ledgerPostings.asset,
      bucket: ledgerAccounts.bucket,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(where)
    .orderBy(desc(ledgerPostings.id))
    .limit(input.limit)
    .offset(input.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(where);
  return { rows, total: Number(count?.total ?? 0) };
}

/**
 * A user's postings of one mode made in `[from, to)`, oldest first, after posting `afterId`: the
 * pages of a statement export (keyset paging, so a long period streams at an even pace).
 */
export async function selectUserEntriesBetween(
  db: Executor,
  input: {
    userId: number;
    mode: AccountMode;
    from: Date;
    to: Date;
    afterId: number;
    limit: number;
  },
) {
  return db
    .select({
      postingId: ledgerPostings.id,
      kind: ledgerTransactions.kind,
      ref: ledgerTransactions.ref,
      asset: ledgerPostings.asset,
      bucket: ledgerAccounts.bucket,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'user'),
        eq(ledgerAccounts.userId, input.userId),
        eq(ledgerAccounts.mode, input.mode),
        gte(ledgerTransactions.createdAt, input.from),
        lt(ledgerTransactions.createdAt, input.to),
        gt(ledgerPostings.id, input.afterId),
      ),
    )
    .orderBy(asc(ledgerPostings.id))
    .limit(input.limit);
}

const kindsIn = (kinds: readonly string[]) =>
  sql`t.kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`;

/**
 * What the transactions of `kinds` in [from, to) paid into the `fees` account, by the user who
 * took part in each (a trade has one) and asset: the base of an inviter's daily commission.
 */
export async function selectFeesByPayer(
  db: Executor,
  input: { kinds: readonly string[]; mode: AccountMode; from: Date; to: Date },
): Promise<{ userId: number; asset: string; total: string }[]> {
  const result = await db.execute<{ user_id: string | number; asset: string; total: string }>(sql`
    select payer.user_id, p.asset, sum(p.amount)::text as total
    from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    join ledger_accounts a on a.id = p.account_id
    cross join lateral (
      select ua.user_id from ledger_postings up join ledger_accounts ua on ua.id = up.account_id
      where up.transaction_id = t.id and ua.owner_type = 'user' limit 1) payer
    where ${kindsIn(input.kinds)} and t.mode = ${input.mode}
      and t.created_at >= ${input.from.toISOString()}::timestamptz
      and t.created_at < ${input.to.toISOString()}::timestamptz
      and a.owner_type = 'system' and a.system_name = 'fees'
    group by payer.user_id, p.asset
    order by payer.user_id, p.asset`);
  const { rows } = result as { rows: { user_id: string | number; asset: string; total: string }[] };
  return rows.map((r) => ({ userId: Number(r.user_id), asset: r.asset, total: r.total }));
}

/** Which of `userIds` took part in a transaction of `kinds` (before `before`, when given). */
export async function selectUsersWithEntries(
  db: Executor,
  input: { userIds: readonly number[]; kinds: readonly string[]; mode: AccountMode; before?: Date },
): Promise<Set<number>> {
  if (input.userIds.length === 0) return new Set();
  const result = await db.execute<{ user_id: string | number }>(sql`
    select distinct a.user_id
    from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    join ledger_accounts a on a.id = p.account_id
    where a.owner_type = 'user' and a.user_id in (${sql.join(
      input.userIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and ${kindsIn(input.kinds)} and t.mode = ${input.mode}
      ${input.before ? sql`and t.created_at < ${input.before.toISOString()}::timestamptz` : sql``}`);
  const { rows } = result as { rows: { user_id: string | number }[] };
  return new Set(rows.map((r) => Number(r.user_id)));
}

/**
 * What a user paid into the `fees` account, by the first part of the reason (`spot`, `contract`…)
 * and asset, since a time (all time when undefined).
 */
export async function selectFeesPaid(
  db: Executor,
  userId: number,
  mode: AccountMode,
  since: Date | undefined,
): Promise<{ product: string; asset: string; total: string }[]> {
  const result = await db.execute<{ product: string; asset: string; total: string }>(sql`
    select split_part(t.kind, '.', 1) as product, p.asset, sum(p.amount)::text as total
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_transactions t on t.id = p.transaction_id
    where a.owner_type = 'system' and a.system_name = 'fees' and a.mode = ${mode}
      ${since ? sql`and t.created_at >= ${since}` : sql``}
      and exists (
        select 1 from ledger_postings up join ledger_accounts ua on ua.id = up.account_id
        where up.transaction_id = t.id and ua.owner_type = 'user' and ua.user_id = ${userId})
    group by 1, 2`);
  return (result as { rows: { product: string; asset: string; total: string }[] }).rows;
}

export interface InvariantBreach {
  invariant:
    | 'balance_equals_postings'
    | 'mode_asset_sums_to_zero'
    | 'user_balance_nonnegative'
    | 'transaction_balances'
    | 'posting_mode_matches'
    | 'posting_has_parents';
  detail: string;
}

/** The ledger's invariants, checked in SQL over the whole ledger. */
export async function findInvariantBreaches(db: Executor): Promise<InvariantBreach[]> {
  const breaches: InvariantBreach[] = [];
  const rows = async <T>(query: SQL) =>
    ((await db.execute<Record<string, unknown>>(query)) as { rows: T[] }).rows;

  for (const r of await rows<{ id: string; balance: string; total: string }>(sql`
    select a.id::text, a.balance::text, coalesce(sum(p.amount), 0)::text as total
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(p.amount), 0)`)) {
    breaches.push({
      invariant: 'balance_equals_postings',
      detail: `account ${r.id}: balance ${r.balance}, postings ${r.total}`,
    });
  }
  for (const r of await rows<{ mode: string; asset: string; total: string }>(sql`
    select mode, asset, sum(balance)::text as total from ledger_accounts
    group by mode, asset having sum(balance) <> 0`)) {
    breaches.push({
      invariant: 'mode_asset_sums_to_zero',
      detail: `${r.mode} ${r.asset}: balances sum to ${r.total}`,
    });
  }
  for (const r of await rows<{ id: string; balance: string }>(sql`
    select id::text, balance::text from ledger_accounts where owner_type = 'user' and balance < 0`)) {
    breaches.push({
      invariant: 'user_balance_nonnegative',
      detail: `account ${r.id}: balance ${r.balance}`,
    });
  }
  for (const r of await rows<{ id: string; asset: string; total: string }>(sql`
    select transaction_id::text as id, asset, sum(amount)::text as total from ledger_postings
    group by transaction_id, asset having sum(amount) <> 0`)) {
    breaches.push({
      invariant: 'transaction_balances',
      detail: `transaction ${r.id} ${r.asset}: postings sum to ${r.total}`,
    });
  }
  for (const r of await rows<{ id: string }>(sql`
    select p.id::text from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_transactions t on t.id = p.transaction_id
    where a.mode <> t.mode or a.asset <> p.asset`)) {
    breaches.push({
      invariant: 'posting_mode_matches',
      detail: `posting ${r.id} crosses mode or asset`,
    });
  }
  // The postings carry no foreign keys (the ledger is append-only, migration 0022): prove here
  // that each names a transaction and an account that exist.
  for (const r of await rows<{ id: string }>(sql`
    select p.id::text from ledger_postings p
    where not exists (select 1 from ledger_transactions t where t.id = p.transaction_id)
       or not exists (select 1 from ledger_accounts a where a.id = p.account_id)`)) {
    breaches.push({
      invariant: 'posting_has_parents',
      detail: `posting ${r.id} names a missing transaction or account`,
    });
  }
  return breaches;
}

/** Every balance of a user in both modes (the back office's customer detail). */
export async function selectAllUserBalances(db: Executor, userId: number) {
  const rows = await db
    .select({
      mode: ledgerAccounts.mode,
      asset: ledgerAccounts.asset,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'user'), eq(ledgerAccounts.userId, userId)))
    .orderBy(asc(ledgerAccounts.mode), asc(ledgerAccounts.asset), asc(ledgerAccounts.bucket));
  return rows;
}

/**
 * Every customer's real-mode balance per asset, summed over all their buckets (what the platform
 * owes them), zero sums left out. One statement, so one snapshot of the ledger: no transfer can be
 * half-seen between two users or two buckets. Demo balances are not liabilities.
 */
export async function selectRealUserLiabilities(db: Executor) {
  return db
    .select({
      userId: sql<number>`${ledgerAccounts.userId}`.mapWith(Number),
      asset: ledgerAccounts.asset,
      balance: sql<string>`sum(${ledgerAccounts.balance})::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'user'), eq(ledgerAccounts.mode, 'real')))
    .groupBy(ledgerAccounts.userId, ledgerAccounts.asset)
    .having(sql`sum(${ledgerAccounts.balance}) <> 0`)
    .orderBy(asc(ledgerAccounts.userId), asc(ledgerAccounts.asset));
}
