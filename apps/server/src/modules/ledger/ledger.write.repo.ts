import type { AccountMode } from '@swx/contract';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db';
import { pgArray, type Cell, type PgArrayType } from '../../platform/pg-array';
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

/**
 * Posts transactions in one call of `ledger_write` (migration 0023), all or nothing: it locks the
 * accounts in id order (so transactions touching the same accounts queue instead of deadlocking),
 * works out each posting's balance after it from the locked balances, in the order given, and only
 * when every account exists, no user balance dips below zero at any posting and no reason has
 * posted before does it write the transactions, their postings and the accounts' new balances.
 * Otherwise it writes nothing and says why; the caller's transaction must roll back on a duplicate.
 *
 * One round trip instead of a lock and a write: a transfer is three (begin, this, commit).
 */
export async function writeTransactions(
  tx: Tx,
  writes: readonly TransactionWrite[],
): Promise<WriteOutcome> {
  // Each column goes as one array (pg-array.ts). Each account goes once; a posting names it, and
  // its transaction, by position (from 1).
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
  const column = <T>(rows: readonly T[], type: PgArrayType, pick: (row: T) => Cell) =>
    pgArray(rows.map(pick), type);
  type Result = {
    status: 'ok' | 'missing' | 'negative';
    written: boolean;
    ord: string | number;
    tx: number;
    account_id: string | number | null;
    transaction_id: string | number | null;
    after: string | null;
  };
  const { rows } = (await tx.execute<Result>(sql`select * from ledger_write(
    ${column(accounts, 'text', (c) => c.ownerType)},
    ${column(accounts, 'bigint', (c) => c.userId)},
    ${column(accounts, 'text', (c) => c.systemName)},
    ${column(accounts, 'text', (c) => c.mode)},
    ${column(accounts, 'text', (c) => c.asset)},
    ${column(accounts, 'text', (c) => c.bucket)},
    ${column(postings, 'int', (r) => r.tx)},
    ${column(postings, 'int', (r) => r.account)},
    ${column(postings, 'numeric', (r) => r.amount)},
    ${column(writes, 'text', (w) => w.kind)},
    ${column(writes, 'text', (w) => w.ref)},
    ${column(writes, 'text', (w) => w.mode)},
    ${column(writes, 'jsonb', (w) => (w.memo ? JSON.stringify(w.memo) : null))},
    ${column(writes, 'timestamptz', (w) => w.at)})`)) as { rows: Result[] };
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
