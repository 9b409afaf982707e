import type { AccountMode } from '@swx/contract';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import type { AccountRef } from './ledger.rules';
import { SYSTEM_BUCKET } from './ledger.rules';
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
        bucket: SYSTEM_BUCKET,
      };
}

function matches(identity: AccountIdentity): SQL {
  const c = columnsOf(identity);
  return and(
    eq(ledgerAccounts.ownerType, c.ownerType),
    c.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, c.userId),
    c.systemName === null
      ? isNull(ledgerAccounts.systemName)
      : eq(ledgerAccounts.systemName, c.systemName),
    eq(ledgerAccounts.mode, c.mode),
    eq(ledgerAccounts.asset, c.asset),
    eq(ledgerAccounts.bucket, c.bucket),
  ) as SQL;
}

export async function ensureAccounts(
  db: Executor,
  identities: readonly AccountIdentity[],
): Promise<void> {
  if (identities.length === 0) return;
  await db.insert(ledgerAccounts).values(identities.map(columnsOf)).onConflictDoNothing();
}

/**
 * Locks the accounts in id order (so two transactions touching the same accounts cannot deadlock)
 * and returns them with their balances, in the order of `identities`.
 */
export async function lockAccounts(tx: Tx, identities: readonly AccountIdentity[]) {
  const rows = await tx
    .select({
      id: ledgerAccounts.id,
      ownerType: ledgerAccounts.ownerType,
      userId: ledgerAccounts.userId,
      systemName: ledgerAccounts.systemName,
      asset: ledgerAccounts.asset,
      bucket: ledgerAccounts.bucket,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(or(...identities.map(matches)))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return identities.map((identity) => {
    const c = columnsOf(identity);
    const row = rows.find(
      (r) =>
        r.ownerType === c.ownerType &&
        r.userId === c.userId &&
        r.systemName === c.systemName &&
        r.asset === c.asset &&
        r.bucket === c.bucket,
    );
    if (!row) throw new Error(`ledger account missing after ensure: ${JSON.stringify(c)}`);
    return row;
  });
}

export async function insertTransaction(
  tx: Tx,
  values: {
    kind: string;
    ref: string;
    mode: AccountMode;
    memo?: Record<string, string> | undefined;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({ kind: values.kind, ref: values.ref, mode: values.mode, memo: values.memo ?? null })
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id });
  return row?.id;
}

export async function applyPosting(
  tx: Tx,
  posting: { transactionId: number; accountId: number; asset: string; amount: string },
): Promise<string> {
  const [updated] = await tx
    .update(ledgerAccounts)
    .set({
      balance: sql`${ledgerAccounts.balance} + ${posting.amount}::numeric`,
      updatedAt: sql`now()`,
    })
    .where(eq(ledgerAccounts.id, posting.accountId))
    .returning({ balance: ledgerAccounts.balance });
  if (!updated) throw new Error(`ledger account ${posting.accountId} vanished`);
  await tx.insert(ledgerPostings).values({
    transactionId: posting.transactionId,
    accountId: posting.accountId,
    asset: posting.asset,
    amount: posting.amount,
    balanceAfter: updated.balance,
  });
  return updated.balance;
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

export async function selectSystemBalance(
  db: Executor,
  name: string,
  mode: AccountMode,
  asset: string,
) {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
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
    | 'posting_mode_matches';
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
