import type { AccountMode } from '@swx/contract';
import { sql } from 'drizzle-orm';
import { deferStatement, type Executor, type Tx } from '../../platform/db';
import { pgArrayLiteral, type Cell, type PgArrayType } from '../../platform/pg-array';
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

/** The text that names one account: the same for every identity of that account. */
function identityKey(c: ReturnType<typeof columnsOf>): string {
  return `${c.ownerType}|${c.userId ?? ''}|${c.systemName ?? ''}|${c.mode}|${c.asset}|${c.bucket}`;
}

/** The columns of each account the identities name, each account once. */
function distinctColumns(identities: readonly AccountIdentity[]) {
  const byKey = new Map<string, ReturnType<typeof columnsOf>>();
  for (const identity of identities) {
    const c = columnsOf(identity);
    const key = identityKey(c);
    if (!byKey.has(key)) byKey.set(key, c);
  }
  return [...byKey.values()];
}

export async function ensureAccounts(
  db: Executor,
  identities: readonly AccountIdentity[],
): Promise<void> {
  if (identities.length === 0) return;
  await db.insert(ledgerAccounts).values(distinctColumns(identities)).onConflictDoNothing();
}

export interface PostingWrite {
  identity: AccountIdentity;
  /** Signed decimal text: positive credits the account, negative debits it. */
  amount: string;
}

export interface TransactionWrite {
  kind: string;
  ref: string;
  mode: AccountMode;
  memo: Record<string, string> | null;
  at: string | null;
  /** In the order their balances are worked out (the service sorts them by account). */
  postings: PostingWrite[];
}

/**
 * What `writeTransactions` did: written (each transaction's id by position, each posting's balance
 * after it, in the order given), or nothing, and why: an account does not exist yet, a user
 * balance would go below zero, or a reason (kind, ref) has posted before.
 */
export type WriteOutcome =
  | { status: 'written'; transactionIds: number[]; balancesAfter: string[] }
  | { status: 'missing'; missing: number[] }
  | { status: 'negative' }
  | { status: 'duplicate' };

/** What the arguments are taken from: each account once, each posting, each transaction. */
interface ArgumentRows {
  accounts: ReturnType<typeof columnsOf>[];
  postings: { tx: number; account: number; amount: string }[];
  writes: readonly TransactionWrite[];
}

/** `ledger_write`'s arguments (and `ledger_post_at_commit`'s), in order: each one's element type and column. */
const ARGUMENTS: readonly (readonly [PgArrayType, (rows: ArgumentRows) => Cell[]])[] = [
  ['text', (r) => r.accounts.map((c) => c.ownerType)],
  ['bigint', (r) => r.accounts.map((c) => c.userId)],
  ['text', (r) => r.accounts.map((c) => c.systemName)],
  ['text', (r) => r.accounts.map((c) => c.mode)],
  ['text', (r) => r.accounts.map((c) => c.asset)],
  ['text', (r) => r.accounts.map((c) => c.bucket)],
  ['int', (r) => r.postings.map((p) => p.tx)],
  ['int', (r) => r.postings.map((p) => p.account)],
  ['numeric', (r) => r.postings.map((p) => p.amount)],
  ['text', (r) => r.writes.map((w) => w.kind)],
  ['text', (r) => r.writes.map((w) => w.ref)],
  ['text', (r) => r.writes.map((w) => w.mode)],
  ['jsonb', (r) => r.writes.map((w) => (w.memo ? JSON.stringify(w.memo) : null))],
  ['timestamptz', (r) => r.writes.map((w) => w.at)],
];

/**
 * The arguments of `ledger_write` for these transactions, as array literals in ARGUMENTS' order:
 * each column goes as one array (pg-array.ts). Each account goes once; a posting names it, and its
 * transaction, by position (from 1).
 */
function argumentsOf(writes: readonly TransactionWrite[]): string[] {
  const accounts: ReturnType<typeof columnsOf>[] = [];
  const positions = new Map<string, number>();
  const postings = writes.flatMap((w, i) =>
    w.postings.map((p) => {
      const c = columnsOf(p.identity);
      const key = identityKey(c);
      let at = positions.get(key);
      if (at === undefined) {
        at = accounts.push(c);
        positions.set(key, at);
      }
      return { tx: i + 1, account: at, amount: p.amount };
    }),
  );
  const rows = { accounts, postings, writes };
  return ARGUMENTS.map(([, column]) => pgArrayLiteral(column(rows)));
}

/**
 * Posts transactions in one call of `ledger_write` (migration 0023), all or nothing: it locks the
 * accounts in id order (so transactions touching the same accounts queue instead of deadlocking),
 * works out each posting's balance after it from the locked balances, in the order given, and only
 * when every account exists, no user balance dips below zero at any posting and no reason has
 * posted before does it write the transactions, their postings and the accounts' new balances.
 * Otherwise it writes nothing and says why; the caller's transaction must roll back on a duplicate.
 *
 * One round trip instead of a lock and a write: a transfer is two (BEGIN goes with this one,
 * pg-fold.ts; then the COMMIT).
 */
export async function writeTransactions(
  tx: Tx,
  writes: readonly TransactionWrite[],
): Promise<WriteOutcome> {
  type Result = {
    status: 'ok' | 'missing' | 'negative';
    written: boolean;
    ord: string | number;
    tx: number;
    account_id: string | number | null;
    transaction_id: string | number | null;
    after: string | null;
  };
  const args = argumentsOf(writes).map(
    (literal, i) => sql`${literal}::${sql.raw(ARGUMENTS[i]?.[0] ?? 'text')}[]`,
  );
  const { rows } = (await tx.execute<Result>(
    sql`select * from ledger_write(${sql.join(args, sql`, `)})`,
  )) as { rows: Result[] };
  const [first] = rows;
  if (!first) throw new Error('the ledger write returned no row');
  if (first.status === 'missing')
    return {
      status: 'missing',
      missing: rows.filter((r) => r.account_id === null).map((r) => Number(r.ord) - 1),
    };
  if (first.status === 'negative') return { status: 'negative' };
  // Nothing is written unless all of it was: a reason that had posted before (or twice in the
  // batch) leaves the whole batch unwritten.
  if (!first.written) return { status: 'duplicate' };
  const transactionIds = new Array<number>(writes.length);
  for (const r of rows) transactionIds[Number(r.tx) - 1] = Number(r.transaction_id);
  return { status: 'written', transactionIds, balancesAfter: rows.map((r) => r.after ?? '') };
}

const AT_COMMIT_TEXT = `select ledger_post_at_commit(${ARGUMENTS.map(
  ([type], i) => `$${i + 1}::${type}[]`,
).join(', ')})`;

/**
 * `writeTransactions` sent with the statement after it, the transaction's COMMIT, in one message
 * (`ledger_post_at_commit`, migration 0025: it creates accounts used for the first time itself).
 * The COMMIT fails instead of a write: with SQLSTATE SX092 (10092) when a user balance would go
 * below zero, and nothing is written. False where that cannot be done (PGlite): the caller then
 * writes as usual.
 */
export function writeTransactionsAtCommit(tx: Tx, writes: readonly TransactionWrite[]): boolean {
  return deferStatement(tx, {
    name: 'swx_ledger_post_at_commit',
    text: AT_COMMIT_TEXT,
    values: argumentsOf(writes),
    essential: true,
  });
}
