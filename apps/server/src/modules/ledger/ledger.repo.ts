import type { AccountMode } from '@swx/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from './ledger.tables';

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
