import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum recommendation: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
export const ARGON2ID_PARAMETERS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const OPTIONS = { algorithm: ARGON2ID, ...ARGON2ID_PARAMETERS } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return verify(stored, password).catch(() => false);
}

/** A one-time password that is easy to type: 20 characters from an unambiguous alphabet. */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}
