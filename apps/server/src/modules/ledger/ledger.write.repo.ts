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

/** The element type of each of ledger_write's arguments (and ledger_post_at_commit's), in order. */
const ARGUMENT_TYPES: readonly PgArrayType[] = [
  'text',
  'bigint',
  'text',
  'text',
  'text',
  'text',
  'int',
  'int',
  'numeric',
  'text',
  'text',
  'text',
  'jsonb',
  'timestamptz',
];

/**
 * The arguments of `ledger_write` for these transactions, as array literals in ARGUMENT_TYPES'
 * order: each column goes as one array (pg-array.ts). Each account goes once; a posting names it,
 * and its transaction, by position (from 1).
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
  const column = <T>(rows: readonly T[], pick: (row: T) => Cell) => pgArrayLiteral(rows.map(pick));
  return [
    column(accounts, (c) => c.ownerType),
    column(accounts, (c) => c.userId),
    column(accounts, (c) => c.systemName),
    column(accounts, (c) => c.mode),
    column(accounts, (c) => c.asset),
    column(accounts, (c) => c.bucket),
    column(postings, (r) => r.tx),
    column(postings, (r) => r.account),
    column(postings, (r) => r.amount),
    column(writes, (w) => w.kind),
    column(writes, (w) => w.ref),
    column(writes, (w) => w.mode),
    column(writes, (w) => (w.memo ? JSON.stringify(w.memo) : null)),
    column(writes, (w) => w.at),
  ];
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
    (literal, i) => sql`${literal}::${sql.raw(ARGUMENT_TYPES[i] ?? 'text')}[]`,
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

const AT_COMMIT_TEXT = `select ledger_post_at_commit(${ARGUMENT_TYPES.map(
  (type, i) => `$${i + 1}::${type}[]`,
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
