// Passwords, the withdrawal password and contacts bound to an account.
import type { Address, Channel, UserInfo } from '@swx/contract';
import { revokeAllSessions } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { addNotification } from '../notifications';
import { isCommonPassword } from './common-passwords';
import { updateUser } from './users.repo';
import { normalizeAddress } from './users.rules';
import { checkCode, consumeCodeOnce, contactOf, findByAddress } from './codes.service';
import { mapUniqueViolation } from './sessions.service';
import { checkSecondFactor } from './two-factor.service';
import { getUserInfo, requireUser, type AccountsDeps } from './users.service';

// ---- passwords ----

export function confirmMatches(password: string, confirmPassword: string): void {
  if (password !== confirmPassword) {
    throw new AppError(10100, {}, [
      { path: 'confirmPassword', code: 'mismatch', message: 'does not match the password' },
    ]);
  }
}

export function refuseCommon(
  password: string,
  context: readonly (string | null | undefined)[],
): void {
  if (isCommonPassword(password, context)) throw new AppError(10118);
}

// ---- passwords ----

async function passwordChanged(
  deps: AccountsDeps,
  userId: number,
  passwordHash: string,
  keepSessionId: number | undefined,
  now: Date,
): Promise<void> {
  const note = await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash, passwordChangedAt: now });
    await revokeAllSessions(tx, 'user', userId, keepSessionId, now);
    return addNotification(tx, { userId, kind: 'password_changed' });
  });
  await note.publish(deps.bus);
}

/** A forgotten password: a code to the account's email or phone; every session ends. */
export async function resetPassword(
  deps: AccountsDeps,
  body: { code: string; password: string; confirmPassword: string } & Address,
  now = new Date(),
): Promise<void> {
  confirmMatches(body.password, body.confirmPassword);
  const address = normalizeAddress(body);
  const user = await findByAddress(deps.db, address);
  if (!user) throw new AppError(10009);
  refuseCommon(body.password, [user.username, user.email?.split('@')[0]]);
  const codeId = await checkCode(deps.db, address, 'reset', body.code, now);
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction((tx) => consumeCodeOnce(tx, codeId, now));
  await passwordChanged(deps, user.id, passwordHash, undefined, now);
}

/** Logged in, with the current password; every other session ends. */
export async function changePassword(
  deps: AccountsDeps,
  caller: { userId: number; sessionId: number },
  body: { oldPassword: string; password: string; confirmPassword: string },
  now = new Date(),
): Promise<void> {
  confirmMatches(body.password, body.confirmPassword);
  const user = await requireUser(deps.db, caller.userId);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw new AppError(10004);
  }
  refuseCommon(body.password, [user.username, user.email?.split('@')[0]]);
  await passwordChanged(deps, user.id, await hashPassword(body.password), caller.sessionId, now);
}

/** Sets or changes the withdrawal password, protected by a code to the user's own contact. */
export async function setWithdrawPassword(
  deps: AccountsDeps,
  userId: number,
  body: {
    channel: Channel;
    code: string;
    password: string;
    confirmPassword: string;
    twoFactorCode?: string | undefined;
  },
  now = new Date(),
): Promise<void> {
  confirmMatches(body.password, body.confirmPassword);
  const user = await requireUser(deps.db, userId);
  const address = contactOf(user, body.channel);
  const codeId = await checkCode(deps.db, address, 'withdrawPassword', body.code, now);
  // With two-factor authentication on, the authenticator's code as well (10153, 10116).
  await checkSecondFactor(deps.db, userId, body.twoFactorCode, now);
  const hash = await hashPassword(body.password);
  const note = await deps.db.transaction(async (tx) => {
    await consumeCodeOnce(tx, codeId, now);
    await updateUser(tx, userId, { withdrawPasswordHash: hash });
    return addNotification(tx, { userId, kind: 'withdraw_password_changed' });
  });
  await note.publish(deps.bus);
}

/** Adds an email or phone to an account that has none of that kind (wallet or Google sign-ups). */
export async function bindContact(
  deps: AccountsDeps,
  userId: number,
  body: { code: string } & Address,
  now = new Date(),
): Promise<UserInfo> {
  const user = await requireUser(deps.db, userId);
  const address = normalizeAddress(body);
  if ((address.channel === 'email' ? user.email : user.phone) !== null) throw new AppError(10008);
  const codeId = await checkCode(deps.db, address, 'bind', body.code, now);
  await deps.db
    .transaction(async (tx) => {
      await consumeCodeOnce(tx, codeId, now);
      await updateUser(
        tx,
        userId,
        address.channel === 'email'
          ? { email: address.email ?? null }
          : { phone: address.e164 ?? null, areaCode: address.areaCode ?? null },
      );
    })
    .catch(mapUniqueViolation);
  return getUserInfo(deps.db, userId);
}

/**
 * Sets or removes the anti-phishing code shown in every mail; with two-factor authentication on,
 * the app's code as well (10153, 10116).
 */
export async function setAntiPhishingCode(
  deps: AccountsDeps,
  userId: number,
  body: { code: string | null; twoFactorCode?: string | undefined },
): Promise<UserInfo> {
  await requireUser(deps.db, userId);
  await checkSecondFactor(deps.db, userId, body.twoFactorCode);
  await updateUser(deps.db, userId, { antiPhishingCode: body.code });
  return getUserInfo(deps.db, userId);
}
