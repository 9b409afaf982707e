import {
  ADDRESS_PATTERN,
  type FundingCoin,
  type FundingNetwork,
  NETWORKS_OF,
  TX_HASH_PATTERN,
} from '@swx/contract';
import { dec, fitsScale, isDecimalString, roundFee } from '@swx/money';

/** The error of an amount a user typed, or undefined when it is a positive amount of the coin. */
export function amountProblem(amount: string, coin: FundingCoin): 10148 | undefined {
  if (!isDecimalString(amount) || amount.startsWith('-')) return 10148;
  if (dec(amount).lte(0) || !fitsScale(amount, coin)) return 10148;
  return undefined;
}

export function carries(coin: FundingCoin, network: FundingNetwork | undefined): boolean {
  return network !== undefined && NETWORKS_OF[coin].includes(network);
}

/** A transaction hash in one spelling: lower case (Ethereum keeps its 0x). */
export function normalizeHash(hash: string): string {
  return hash.trim().toLowerCase();
}

export function hashValid(network: FundingNetwork, hash: string): boolean {
  return TX_HASH_PATTERN[network].test(hash.trim());
}

/** The last six characters the user typed match the hash's end (case does not matter). */
export function lastSixMatches(hash: string, lastSix: string): boolean {
  return /^[0-9a-fA-F]{6}$/.test(lastSix) && normalizeHash(hash).endsWith(lastSix.toLowerCase());
}

export function addressValid(network: FundingNetwork, address: string): boolean {
  return ADDRESS_PATTERN[network].test(address);
}

/**
 * DOMAIN.md: fee = amount x withdraw_fee_rate, rounded up to the coin's scale; what arrives is
 * amount - fee. Undefined when nothing would arrive.
 */
export function withdrawalFigures(
  amount: string,
  feeRate: string,
  coin: FundingCoin,
): { fee: string; actual: string } | undefined {
  const fee = roundFee(dec(amount).times(feeRate), coin);
  const actual = dec(amount).minus(fee);
  if (actual.lte(0)) return undefined;
  return { fee: fee.toFixed(), actual: actual.toFixed() };
}

/** A bank account number as lists show it: all but the last four characters hidden. */
export function maskAccount(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'•'.repeat(Math.max(0, Math.min(accountNumber.length - 4, 8)))}${visible}`;
}

/** Five wrong withdrawal passwords within 15 minutes lock withdrawals for 15 minutes. */
export const PASSWORD_TRIES = 5;
export const PASSWORD_LOCK_MS = 15 * 60_000;

/** The next guard state after a wrong password at `now`. */
export function afterFailure(
  guard: { failures: number; windowStart: Date },
  now: Date,
): { failures: number; windowStart: Date; lockedUntil: Date | null } {
  const fresh = now.getTime() - guard.windowStart.getTime() >= PASSWORD_LOCK_MS;
  const failures = (fresh ? 0 : guard.failures) + 1;
  const windowStart = fresh ? now : guard.windowStart;
  return failures >= PASSWORD_TRIES
    ? { failures: 0, windowStart: now, lockedUntil: new Date(now.getTime() + PASSWORD_LOCK_MS) }
    : { failures, windowStart, lockedUntil: null };
}
