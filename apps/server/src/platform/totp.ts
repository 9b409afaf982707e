import { Secret, TOTP } from 'otpauth';

/** RFC 6238 time-based one-time codes (6 digits, 30 s, SHA-1: what every authenticator app reads). */
export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(issuer: string, label: string, secret: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The enrolment address an authenticator app reads from the QR code. */
export function otpauthUrl(issuer: string, label: string, secret: string): string {
  return totpFor(issuer, label, secret).toString();
}

/**
 * The time step a code belongs to, accepting the previous and next step for clock drift, or
 * undefined for a wrong code. The caller stores the last accepted step so no code works twice.
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | undefined {
  const delta = totpFor('', 'x', secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
