import { Secret, TOTP } from 'otpauth';

/** The current code for a base32 secret, as an authenticator app would show it. */
export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate();
}

/** A strong password that never contains the username (the server refuses that). */
export function newStaffPassword(): string {
  return `e2e ${crypto.randomUUID()} Pw!`;
}
