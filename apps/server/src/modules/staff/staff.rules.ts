import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const CHALLENGE_MINUTES = 5;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(username: string, secret: string) {
  return new TOTP({
    issuer: 'SWX back office',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function otpauthUrl(username: string, secret: string): string {
  return totpFor(username, secret).toString();
}

/**
 * The time step a code belongs to, accepting the previous and next step for clock drift, or
 * undefined for a wrong code.
 */
export function matchTotpStep(
  username: string,
  secret: string,
  code: string,
  now: Date,
): number | undefined {
  const delta = totpFor(username, secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Staff passwords: 12 or more characters, not the username, not one character repeated. */
export function staffPasswordProblem(username: string, password: string): string | undefined {
  if (password.length < 12) return 'too_short';
  if (password.toLowerCase().includes(username.toLowerCase())) return 'contains_username';
  if (new Set(password).size < 5) return 'too_simple';
  return undefined;
}
