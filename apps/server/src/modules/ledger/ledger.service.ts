import { dec } from '@swx/money';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  applyPosting,
  ensureAccounts,
  insertTransaction,
  lockAccounts,
  type AccountIdentity,
} from './ledger.repo';
import { normalizeTransaction, type TransactionInput } from './ledger.rules';

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
  const postings = normalizeTransaction(input);
  // Deterministic order for inserts and locks: concurrent transactions over the same accounts queue
  // instead of deadlocking.
  const ordered = [...postings].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const identities: AccountIdentity[] = ordered.map((p) => ({
    account: p.account,
    mode: input.mode,
    asset: p.asset,
  }));
  await ensureAccounts(tx, identities);
  const accounts = await lockAccounts(tx, identities);

  for (const [i, posting] of ordered.entries()) {
    const account = accounts[i];
    if (account?.ownerType === 'user' && dec(account.balance).plus(posting.amount).isNegative()) {
      throw new AppError(10092);
    }
  }

  const transactionId = await insertTransaction(tx, input);
  if (transactionId === undefined)
    throw new DuplicateReasonError(`${input.kind} ${input.ref} already posted`);

  const balances: PostResult['balances'] = [];
  const userIds = new Set<number>();
  for (const [i, posting] of ordered.entries()) {
    const account = accounts[i];
    if (!account) throw new Error('account lock mismatch');
    const balance = await applyPosting(tx, {
      transactionId,
      accountId: account.id,
      asset: posting.asset,
      amount: posting.amount.toFixed(),
    });
    balances.push({ key: posting.key, balance });
    if (posting.account.owner === 'user') userIds.add(posting.account.userId);
  }
  return { transactionId, userIds: [...userIds], balances };
}

/** `post` in a transaction of its own, for callers with no other change to make. */
export function postAlone(db: Db, input: TransactionInput): Promise<PostResult> {
  return db.transaction((tx) => post(tx, input));
}
