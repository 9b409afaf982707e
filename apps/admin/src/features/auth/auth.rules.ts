import type { MessageKey } from '../../i18n/en';

/**
 * Same bounds as the contract's StaffPassword. The server also refuses passwords that contain the
 * username or use too few different characters; the form checks that first, the server decides.
 */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChange, MessageKey>>;

/** Fewer distinct characters than this is a pattern, not a password (the server's rule too). */
const MIN_DISTINCT_CHARACTERS = 5;

export function validatePasswordChange(
  values: PasswordChange,
  username: string,
): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  const next = values.newPassword;
  if (!values.currentPassword) errors.currentPassword = 'password.errors.currentRequired';
  if (next.length < STAFF_PASSWORD_MIN) errors.newPassword = 'password.errors.tooShort';
  else if (next.length > STAFF_PASSWORD_MAX) errors.newPassword = 'password.errors.tooLong';
  else if (next === values.currentPassword) errors.newPassword = 'password.errors.sameAsCurrent';
  else if (username && next.toLowerCase().includes(username.toLowerCase()))
    errors.newPassword = 'password.errors.containsUsername';
  else if (new Set(next).size < MIN_DISTINCT_CHARACTERS)
    errors.newPassword = 'password.errors.tooSimple';
  if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = 'password.errors.mismatch';
  return errors;
}

/** Authenticator codes are six digits; spaces and dashes people paste are dropped. */
export function normaliseTotpCode(input: string): string {
  return input.replace(/[^\d]/g, '').slice(0, 6);
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Base32 secrets are easier to type in groups of four. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
