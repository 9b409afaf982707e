import { dec, type Dec } from '@swx/money';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  ensureAccounts,
  lockAccounts,
  writeTransactions,
  type AccountIdentity,
  type LockedAccount,
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

/**
 * Posts several transactions in the caller's database transaction with a fixed number of
 * round trips (lock the accounts, write everything), in the order given: a settlement of a
 * thousand orders on one tick costs what one order costs, plus its rows. All or nothing: a user
 * balance that would go below zero refuses the whole batch (10092), and so does a reason that has
 * posted before (DuplicateReasonError); the caller's transaction must then roll back.
 */
export async function postBatch(
  tx: Tx,
  inputs: readonly TransactionInput[],
): Promise<PostResult[]> {
  if (inputs.length === 0) return [];
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
  const identities = prepared.flatMap((t) => t.postings.map((p) => p.identity));
  let locked = await lockAccounts(tx, identities);
  if (locked.size < identities.length) {
    // First use of an account: create the missing ones, then lock them all (in id order).
    await ensureAccounts(
      tx,
      identities.filter((i) => !locked.has(i)),
    );
    locked = await lockAccounts(tx, identities);
  }

  const balances = new Map<number, Dec>();
  const writes: TransactionWrite[] = [];
  const results: PostResult[] = [];
  for (const t of prepared) {
    const write: TransactionWrite = {
      kind: t.input.kind,
      ref: t.input.ref,
      mode: t.input.mode,
      memo: t.input.memo ?? null,
      at: t.input.at?.toISOString() ?? null,
      postings: [],
    };
    const userIds = new Set<number>();
    const after: PostResult['balances'] = [];
    for (const { posting, identity } of t.postings) {
      const account: LockedAccount | undefined = locked.get(identity);
      if (!account) throw new Error(`ledger account missing after ensure: ${posting.key}`);
      const next = (balances.get(account.id) ?? dec(account.balance)).plus(posting.amount);
      if (account.ownerType === 'user' && next.isNegative()) throw new AppError(10092);
      balances.set(account.id, next);
      const balanceAfter = next.toFixed();
      write.postings.push({
        accountId: account.id,
        asset: posting.asset,
        amount: posting.amount.toFixed(),
        balanceAfter,
      });
      after.push({ key: posting.key, balance: balanceAfter });
      if (posting.account.owner === 'user') userIds.add(posting.account.userId);
    }
    writes.push(write);
    results.push({ transactionId: 0, userIds: [...userIds], balances: after });
  }

  const written = await writeTransactions(
    tx,
    writes,
    new Map([...balances].map(([id, balance]) => [id, balance.toFixed()])),
  );
  if (written.length < prepared.length) {
    const [first] = inputs;
    throw new DuplicateReasonError(
      inputs.length === 1
        ? `${first?.kind} ${first?.ref} already posted`
        : `a reason of this batch of ${inputs.length} (from ${first?.kind} ${first?.ref}) already posted`,
    );
  }
  for (const w of written) {
    const result = results[w.ord - 1];
    if (result) result.transactionId = w.id;
  }
  return results;
}

/** `post` in a transaction of its own, for callers with no other change to make. */
export function postAlone(db: Db, input: TransactionInput): Promise<PostResult> {
  return db.transaction((tx) => post(tx, input));
}
