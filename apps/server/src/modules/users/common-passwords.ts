import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@swx/contract';

/**
 * Passwords that attackers try first: the common-password list of zxcvbn-ts (from breach corpora),
 * those long enough to pass the length rule. Compared case-insensitively.
 */
const COMMON = new Set(
  dictionary['passwords-common']
    .filter((p) => p.length >= PASSWORD_MIN)
    .map((p) => p.toLowerCase()),
);

export function isCommonPassword(
  password: string,
  context: readonly (string | null | undefined)[] = [],
): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  // The account's own name or address as the password is as guessable as a common one.
  return context.some(
    (c) =>
      c !== null &&
      c !== undefined &&
      c.length > 0 &&
      lower.includes(c.toLowerCase()) &&
      c.length >= lower.length - 2,
  );
}
