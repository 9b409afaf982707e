/** Five wrong withdrawal passwords within 15 minutes lock withdrawals for 15 minutes. */
export const PASSWORD_TRIES = 5;
export const PASSWORD_LOCK_MS = 15 * 60_000;

/** A transaction hash in one spelling: lower case (Ethereum keeps its 0x). */
export function normalizeHash(hash: string): string {
  return hash.trim().toLowerCase();
}

/** A bank account number as lists show it: all but the last four characters hidden. */
export function maskAccount(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'•'.repeat(Math.max(0, Math.min(accountNumber.length - 4, 8)))}${visible}`;
}

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
