import { otpauthUrl as otpauthUrlOf } from '../../platform/totp';

export const CHALLENGE_MINUTES = 5;

export function otpauthUrl(username: string, secret: string): string {
  return otpauthUrlOf('SWX back office', username, secret);
}

/** Staff passwords: 12 or more characters, not the username, not one character repeated. */
export function staffPasswordProblem(username: string, password: string): string | undefined {
  if (password.length < 12) return 'too_short';
  if (password.toLowerCase().includes(username.toLowerCase())) return 'contains_username';
  if (new Set(password).size < 5) return 'too_simple';
  return undefined;
}
