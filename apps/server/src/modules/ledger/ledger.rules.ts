import type { AccountMode } from '@swx/contract';
import { dec, fitsScale, type Dec } from '@swx/money';

export const SYSTEM_ACCOUNTS = [
  'house',
  'fees',
  'custody',
  'charity',
  'loan_book',
  'earn_pool',
  'demo_faucet',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export const USER_BUCKETS = ['available', 'frozen', 'margin', 'earn', 'options'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

/**
 * The kinds that are a user's own trade (an order filled, an option bought, a convert done): a
 * friend "has traded" from the first of them (DOMAIN.md "Invitations").
 */
export const TRADE_KINDS = [
  'spot.fill',
  'contract.open',
  'contract.fill',
  'options.buy',
  'convert.accept',
] as const;
/** The trades that pay a fee into `fees`: the base of an inviter's commission. */
export const FEE_KINDS = ['spot.fill', 'contract.open', 'contract.fill', 'convert.accept'] as const;

/**
 * A system account (say `fees` in real USDT) is kept as SYSTEM_SHARDS rows, `main`, `main.1` …
 * `main.15`: a transaction books to the shard of its user, so orders of different users do not
 * queue on one row, and the account's balance is the sum of its shards.
 */
export const SYSTEM_SHARDS = 16;
export const SYSTEM_BUCKET = 'main';

export function systemBucket(shard: number): string {
  return shard === 0 ? SYSTEM_BUCKET : `${SYSTEM_BUCKET}.${shard}`;
}

/** The shard of the system accounts that a transaction of this user (alone) books to. */
export function houseShardOf(userId: number): number {
  return userId % SYSTEM_SHARDS;
}

/** The shard a transaction books system postings to: by its lowest user id, else the first. */
export function shardOf(postings: readonly { account: AccountRef }[]): number {
  let lowest: number | undefined;
  for (const p of postings) {
    if (p.account.owner === 'user' && (lowest === undefined || p.account.userId < lowest))
      lowest = p.account.userId;
  }
  return lowest === undefined ? 0 : houseShardOf(lowest);
}

export type AccountRef =
  | { owner: 'user'; userId: number; bucket: UserBucket }
  | { owner: 'system'; name: SystemAccount; shard?: number };

export interface PostingInput {
  account: AccountRef;
  asset: string;
  /** Signed decimal string: positive credits the account, negative debits it. */
  amount: string;
}

export interface TransactionInput {
  /** What happened, e.g. `deposit.approve`; with `ref` it is unique, so a reason posts once. */
  kind: string;
  ref: string;
  mode: AccountMode;
  postings: readonly PostingInput[];
  memo?: Record<string, string>;
  /**
   * When it happened on the platform's clock (a fill's tick); the database's time when absent.
   * Daily figures (an inviter's commission on a friend's fees) count by it.
   */
  at?: Date;
}

export interface NormalizedPosting {
  account: AccountRef;
  asset: string;
  amount: Dec;
  /** Stable identity of (owner, asset, bucket) within one mode, used for ordering and de-duplication. */
  key: string;
}

export class LedgerRuleError extends Error {
  override name = 'LedgerRuleError';
}

const KIND = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;
const ASSET = /^[A-Z0-9]{2,12}$/;

export function accountKey(account: AccountRef, asset: string): string {
  return account.owner === 'user'
    ? `user:${account.userId}:${asset}:${account.bucket}`
    : `system:${account.name}:${asset}`;
}

/**
 * Checks a transaction before it touches the database: two or more postings, amounts that are
 * non-zero decimals within the asset's scale, no account twice, and per asset a zero sum.
 */
export function normalizeTransaction(input: TransactionInput): NormalizedPosting[] {
  if (!KIND.test(input.kind) || input.kind.length > 64)
    throw new LedgerRuleError(`bad kind ${input.kind}`);
  if (input.ref.length === 0 || input.ref.length > 128)
    throw new LedgerRuleError('ref must be 1..128 characters');
  if (input.postings.length < 2)
    throw new LedgerRuleError('a transaction needs two or more postings');
  const seen = new Set<string>();
  const totals = new Map<string, Dec>();
  const postings = input.postings.map((p) => {
    if (!ASSET.test(p.asset)) throw new LedgerRuleError(`bad asset ${p.asset}`);
    if (
      p.account.owner === 'user' &&
      !(Number.isSafeInteger(p.account.userId) && p.account.userId > 0)
    ) {
      throw new LedgerRuleError('bad user id');
    }
    let amount: Dec;
    try {
      amount = dec(p.amount);
    } catch {
      throw new LedgerRuleError(`amount ${JSON.stringify(p.amount)} is not a decimal`);
    }
    if (amount.isZero()) throw new LedgerRuleError('a posting cannot be zero');
    if (!fitsScale(amount, p.asset))
      throw new LedgerRuleError(`amount ${p.amount} exceeds the scale of ${p.asset}`);
    const key = accountKey(p.account, p.asset);
    if (seen.has(key)) throw new LedgerRuleError(`account ${key} appears twice`);
    seen.add(key);
    totals.set(p.asset, (totals.get(p.asset) ?? dec('0')).plus(amount));
    return { account: p.account, asset: p.asset, amount, key };
  });
  for (const [asset, total] of totals) {
    if (!total.isZero())
      throw new LedgerRuleError(`postings in ${asset} sum to ${total.toFixed()}, not zero`);
  }
  return postings;
}

/**
 * Several movements as one set of postings: amounts to the same account and asset are added up and
 * accounts that net to zero are left out (a transaction names each account once). For settlements
 * that move a stake out, a result through the house and a payout in, written as plain transfers.
 */
export function netPostings(movements: readonly PostingInput[]): PostingInput[] {
  const net = new Map<string, { account: AccountRef; asset: string; amount: Dec }>();
  for (const m of movements) {
    const key = accountKey(m.account, m.asset);
    const known = net.get(key);
    if (known) known.amount = known.amount.plus(m.amount);
    else net.set(key, { account: m.account, asset: m.asset, amount: dec(m.amount) });
  }
  return [...net.values()]
    .filter((p) => !p.amount.isZero())
    .map((p) => ({ account: p.account, asset: p.asset, amount: p.amount.toFixed() }));
}

/** A two-posting transfer: `amount` leaves `from` and arrives at `to`. */
export function transferPostings(
  from: AccountRef,
  to: AccountRef,
  asset: string,
  amount: string,
): PostingInput[] {
  const value = dec(amount);
  if (!value.isPositive() || value.isZero())
    throw new LedgerRuleError('a transfer amount must be positive');
  return [
    { account: from, asset, amount: value.negated().toFixed() },
    { account: to, asset, amount: value.toFixed() },
  ];
}
