import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Address } from '@swx/contract';

/** DOMAIN.md: codes are 6 digits, valid 10 minutes, one send per 60 s, 5 wrong tries kill them. */
export const CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

/** At most this many failed logins per account in an hour; then 10119 until the hour has passed. */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;

export const SIWE_NONCE_TTL_SECONDS = 600;

export interface NormalizedAddress {
  /** Stable key of the address: `email:<lower-case>` or `phone:+<digits>`. */
  key: string;
  channel: 'email' | 'phone';
  email?: string;
  areaCode?: string;
  /** `+<area code><number>`. */
  e164?: string;
}

export function normalizeAddress(address: Address): NormalizedAddress {
  if (address.channel === 'email') {
    return { key: `email:${address.email}`, channel: 'email', email: address.email };
  }
  const national = address.phone.replace(/^0+/, '');
  const e164 = `+${address.areaCode}${national}`;
  return { key: `phone:${e164}`, channel: 'phone', areaCode: address.areaCode, e164 };
}

export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are stored hashed with their address and purpose, so a row cannot be reused elsewhere. */
export function hashCode(addressKey: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${addressKey}\u0000${purpose}\u0000${code}`).digest('hex');
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters from 32 unambiguous symbols (40 bits). */
export function newInviteCode(): string {
  return [...randomBytes(8)].map((b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');
}

/** `alice` -> `a***e`: friends see who joined without the whole name. */
export function maskUsername(username: string): string {
  if (username.length <= 2) return `${username[0] ?? ''}***`;
  return `${username[0]}***${username[username.length - 1]}`;
}

/** A stable fingerprint of the device (browser and OS family) to notice a new one. */
export function deviceHash(userAgent: string | undefined): string {
  return createHash('sha256')
    .update(userAgent ?? 'unknown')
    .digest('hex')
    .slice(0, 32);
}

/** A short readable device name for the "new login" notification. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'unknown OS';
  return `${browser} on ${os}`;
}

/** A username for accounts created by Google or a wallet, where the user did not choose one. */
export function generatedUsername(prefix: 'g' | 'w'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}
