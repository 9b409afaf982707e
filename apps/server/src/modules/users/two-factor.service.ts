// Two-factor authentication for customers (RFC 6238 authenticator apps): enrolment with a QR
// code, ten recovery codes shown once, the second step of every sign-in, and the check that
// withdrawals and withdrawal-password changes ask for.
import { createHash, randomInt } from 'node:crypto';
import type { UserInfo } from '@swx/contract';
import { toString as qrToString } from 'qrcode';
import { hashToken, newToken } from '../../platform/auth';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { matchTotpStep, newTotpSecret, otpauthUrl } from '../../platform/totp';
import {
  advanceStep,
  countLoginChallengeAttempt,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  insertLoginChallenge,
  replaceRecoveryCodes,
  selectLiveLoginChallenge,
  selectTwoFactor,
  upsertPendingSecret,
  useLoginChallenge,
  useRecoveryCode,
} from './two-factor.repo';
import { requireUser, type AccountsDeps } from './users.service';

const ISSUER = 'SWX';
const RECOVERY_CODES = 10;
/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as XXXXX-XXXXX. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const LOGIN_CHALLENGE_MINUTES = 5;

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Upper case without spaces or hyphens: how a recovery code is hashed and compared. */
function recoveryHash(code: string): string {
  return createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, '')).digest('hex');
}

async function newRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map(recoveryHash));
  return codes;
}

export async function isTwoFactorOn(db: Executor, userId: number): Promise<boolean> {
  return Boolean((await selectTwoFactor(db, userId))?.enabledAt);
}

export async function twoFactorStatus(db: Executor, userId: number) {
  const enabled = await isTwoFactorOn(db, userId);
  return { enabled, recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(db, userId) : 0 };
}

/**
 * When two-factor authentication is on, the request needs a code (10153): an authenticator code
 * of a time step newer than the last one accepted, or an unused recovery code; anything else is
 * 10116. Off, nothing is asked.
 */
export async function checkSecondFactor(
  db: Executor,
  userId: number,
  code: string | undefined,
  now = new Date(),
): Promise<void> {
  const row = await selectTwoFactor(db, userId);
  if (!row?.enabledAt) return;
  const given = code?.trim() ?? '';
  if (given === '') throw new AppError(10153);
  if (/^\d{6}$/.test(given)) {
    const step = matchTotpStep(row.secret, given, now);
    if (step === undefined || !(await advanceStep(db, userId, step))) throw new AppError(10116);
    return;
  }
  if (!(await useRecoveryCode(db, userId, recoveryHash(given), now))) throw new AppError(10116);
}

// ---- enrolment ----

export async function setupTwoFactor(deps: AccountsDeps, userId: number) {
  const user = await requireUser(deps.db, userId);
  if (await isTwoFactorOn(deps.db, userId)) throw new AppError(10154);
  const secret = newTotpSecret();
  if (!(await upsertPendingSecret(deps.db, userId, secret))) throw new AppError(10154);
  const url = otpauthUrl(ISSUER, user.username, secret);
  const qrSvg = await qrToString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl: url, qrSvg };
}

/** The first good code turns it on; the recovery codes are answered this once. */
export async function enableTwoFactor(
  deps: AccountsDeps,
  userId: number,
  code: string,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const row = await selectTwoFactor(deps.db, userId);
  if (!row) throw new AppError(10155);
  if (row.enabledAt) throw new AppError(10154);
  const step = /^\d{6}$/.test(code) ? matchTotpStep(row.secret, code, now) : undefined;
  if (step === undefined) throw new AppError(10116);
  return deps.db.transaction(async (tx) => {
    if (!(await advanceStep(tx, userId, step, now))) throw new AppError(10116);
    return { recoveryCodes: await newRecoveryCodes(tx, userId) };
  });
}

export async function disableTwoFactor(
  deps: AccountsDeps,
  userId: number,
  code: string,
  now = new Date(),
) {
  if (!(await isTwoFactorOn(deps.db, userId))) throw new AppError(10155);
  await checkSecondFactor(deps.db, userId, code, now);
  await deleteTwoFactor(deps.db, userId);
  return { enabled: false, recoveryCodesLeft: 0 };
}

export async function renewRecoveryCodes(
  deps: AccountsDeps,
  userId: number,
  code: string,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  if (!(await isTwoFactorOn(deps.db, userId))) throw new AppError(10155);
  await checkSecondFactor(deps.db, userId, code, now);
  return { recoveryCodes: await newRecoveryCodes(deps.db, userId) };
}

// ---- the second step of a sign-in ----

/** A sign-in whose first step was right waits for a code: the challenge the client carries back. */
export async function startLoginChallenge(
  db: Executor,
  userId: number,
  created: boolean,
  now = new Date(),
): Promise<{ twoFactor: { challenge: string; expiresAt: string } }> {
  const challenge = newToken();
  const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_MINUTES * 60_000);
  await insertLoginChallenge(db, {
    tokenHash: hashToken(challenge),
    userId,
    created: created ? 1 : 0,
    expiresAt,
  });
  return { twoFactor: { challenge, expiresAt: expiresAt.toISOString() } };
}

/**
 * The code for a challenge: a live challenge (5 minutes, 5 wrong codes, used once; 10156
 * otherwise) and a right code (10116) open the session through `open`.
 */
export async function finishLoginChallenge(
  deps: AccountsDeps,
  input: { challenge: string; code: string },
  open: (userId: number, created: boolean) => Promise<{ token: string; user: UserInfo }>,
  now = new Date(),
): Promise<{ token: string; user: UserInfo; created: boolean }> {
  const challenge = await selectLiveLoginChallenge(deps.db, hashToken(input.challenge), now);
  // Turned off since the first step (on another device): that sign-in starts again.
  if (!challenge || !(await isTwoFactorOn(deps.db, challenge.userId))) throw new AppError(10156);
  try {
    await checkSecondFactor(deps.db, challenge.userId, input.code, now);
  } catch (error) {
    await countLoginChallengeAttempt(deps.db, challenge.id);
    throw error;
  }
  if (!(await useLoginChallenge(deps.db, challenge.id, now))) throw new AppError(10156);
  const created = challenge.created === 1;
  return { ...(await open(challenge.userId, created)), created };
}
