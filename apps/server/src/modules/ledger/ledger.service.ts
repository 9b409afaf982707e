import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  ensureAccounts,
  writeTransactions,
  writeTransactionsAtCommit,
  type AccountIdentity,
  type TransactionWrite,
} from './ledger.write.repo';
import { normalizeTransaction, shardOf, type TransactionInput } from './ledger.rules';

export interface PostResult {
  transactionId: number;
  /** Users whose balances changed, for the `balance` socket event after commit. */
  userIds: number[];
  balances: { key: string; balance: string }[];
}

/** The reason (kind, ref) has posted before: the caller's unit of work already happened. */
export class DuplicateReasonError extends Error {
  override name = 'DuplicateReasonError';
}

/**
 * Posts a balanced transaction inside the caller's database transaction, so the business change
 * and its ledger entries commit or roll back together. Refuses (10092) when a user balance would go
 * below zero; nothing is written then.
 */
export async function post(tx: Tx, input: TransactionInput): Promise<PostResult> {
  const [result] = await postBatch(tx, [input]);
  if (!result) throw new Error('ledger post returned nothing');
  return result;
}

/** The inputs as `ledger_write` takes them, beside each one's normalised postings. */
function writesOf(inputs: readonly TransactionInput[]) {
  const prepared = inputs.map((input) => {
    const postings = normalizeTransaction(input);
    const shard = shardOf(postings);
    // Deterministic order of postings (and so of their ids) within a transaction.
    postings.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return {
      input,
      postings: postings.map((p) => ({
        posting: p,
        identity: {
          account: p.account.owner === 'system' ? { ...p.account, shard } : p.account,
          mode: input.mode,
          asset: p.asset,
        } satisfies AccountIdentity,
      })),
    };
  });
  const writes: TransactionWrite[] = prepared.map((t) => ({
    kind: t.input.kind,
    ref: t.input.ref,
    mode: t.input.mode,
    memo: t.input.memo ?? null,
    at: t.input.at?.toISOString() ?? null,
    postings: t.postings.map(({ posting, identity }) => ({
      identity,
      amount: posting.amount.toFixed(),
    })),
  }));
  return { prepared, writes };
}

/**
 * Posts several transactions in the caller's database transaction with one call of `ledger_write`
 * (it locks the accounts and writes everything; the first use of an account adds an insert and a
 * second call), in the order given: a settlement of a thousand orders on one tick costs what one
 * order costs, plus its rows. All or nothing: a user
 * balance that would go below zero refuses the whole batch (10092), and so does a reason that has
 * posted before (DuplicateReasonError); the caller's transaction must then roll back.
 */
export async function postBatch(
  tx: Tx,
  inputs: readonly TransactionInput[],
): Promise<PostResult[]> {
  if (inputs.length === 0) return [];
  const { prepared, writes } = writesOf(inputs);
  let outcome = await writeTransactions(tx, writes);
  if (outcome.status === 'missing') {
    // First use of an account: create the missing ones, then post again (the statement locks
    // them all, in id order).
    const identities = writes.flatMap((w) => w.postings.map((p) => p.identity));
    await ensureAccounts(
      tx,
      outcome.missing.map((i) => identities[i]).filter((i) => i !== undefined),
    );
    outcome = await writeTransactions(tx, writes);
    if (outcome.status === 'missing') throw new Error('ledger account missing after ensure');
  }
  if (outcome.status === 'negative') throw new AppError(10092);
  if (outcome.status === 'duplicate') {
    const [first] = inputs;
    throw new DuplicateReasonError(
      inputs.length === 1
        ? `${first?.kind} ${first?.ref} already posted`
        : `a reason of this batch of ${inputs.length} (from ${first?.kind} ${first?.ref}) already posted`,
    );
  }
  const { transactionIds, balancesAfter } = outcome;
  let at = 0;
  return prepared.map((t, i) => {
    const userIds = new Set<number>();
    const balances: PostResult['balances'] = [];
    for (const { posting } of t.postings) {
      balances.push({ key: posting.key, balance: balancesAfter[at++] ?? '' });
      if (posting.account.owner === 'user') userIds.add(posting.account.userId);
    }
    return { transactionId: transactionIds[i] ?? 0, userIds: [...userIds], balances };
  });
}

/**
 * `post` as the last change of the caller's transaction: on PostgreSQL it goes in the same message
 * as the COMMIT, one round trip less. A user balance that would go below zero then fails the
 * commit with 10092 (db.ts), and nothing of the transaction is kept; a duplicate reason fails it
 * too, as an error. For a top-level transaction (not a savepoint) whose work sends nothing after
 * it but its COMMIT, and whose caller needs neither the result nor to catch a refusal inside the
 * transaction: an order's placement. On PGlite it posts at once, as `post` does.
 */
export async function postAtCommit(tx: Tx, input: TransactionInput): Promise<void> {
  if (writeTransactionsAtCommit(tx, writesOf([input]).writes)) return;
  await post(tx, input);
}

/** `post` in a transaction of its own, for callers with no other change to make. */
export function postAlone(db: Db, input: TransactionInput): Promise<PostResult> {
  return db.transaction((tx) => post(tx, input));
}
