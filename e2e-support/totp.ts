import { Secret, TOTP } from 'otpauth';

/** The code for a base32 secret at a time (now by default), as an authenticator app shows it. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: at,
  });
}

/** A strong password that never contains the username (the server refuses that). */
export function newStaffPassword(): string {
  return `e2e ${crypto.randomUUID()} Pw!`;
}
