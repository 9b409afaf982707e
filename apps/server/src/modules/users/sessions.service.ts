// Registration, login by password or by a verified identity, logout.
import type { Address, TwoFactorRequired, UserInfo, UserLocale } from '@swx/contract';
import { dec } from '@swx/money';
import { createSession, revokeSession } from '../../platform/auth';
import { uniqueViolation, type Db, type Executor, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { post } from '../ledger';
import { addNotification } from '../notifications';
import {
  countFailedLogins,
  insertUser,
  recordLoginAttempt,
  rememberDevice,
  selectUserBy,
  updateUser,
  type UserRow,
} from './users.repo';
import {
  deviceHash,
  deviceName,
  generatedUsername,
  MAX_FAILED_LOGINS_PER_HOUR,
  normalizeAddress,
} from './users.rules';
import { checkCode, consumeCodeOnce, findByAddress } from './codes.service';
import { finishLoginChallenge, isTwoFactorOn, startLoginChallenge } from './two-factor.service';
import { confirmMatches, refuseCommon } from './credentials.service';
import { requireUser, userInfoOf, type AccountsDeps, type ClientInfo } from './users.service';

// ---- sessions ----

async function openSession(
  deps: AccountsDeps,
  user: UserRow,
  client: ClientInfo,
  options: { notifyNewDevice: boolean },
): Promise<{ token: string; user: UserInfo }> {
  const { db } = deps;
  const { token } = await createSession(db, {
    principal: 'user',
    principalId: user.id,
    policy: deps.policy,
    userAgent: client.userAgent,
    ip: client.ip ?? undefined,
  });
  const isNew = await rememberDevice(db, user.id, deviceHash(client.userAgent));
  if (isNew && options.notifyNewDevice) {
    const note = await addNotification(db, {
      userId: user.id,
      kind: 'new_device_login',
      params: { device: deviceName(client.userAgent), ip: client.ip ?? '' },
    });
    await note.publish(deps.bus);
  }
  return { token, user: await userInfoOf(db, user) };
}

/** The session, or with two-factor authentication on, the challenge its code must answer. */
async function signIn(
  deps: AccountsDeps,
  user: UserRow,
  client: ClientInfo,
  options: { notifyNewDevice: boolean },
): Promise<{ token: string; user: UserInfo } | TwoFactorRequired> {
  if (await isTwoFactorOn(deps.db, user.id)) return startLoginChallenge(deps.db, user.id, false);
  return openSession(deps, user, client, options);
}

/** The second step of a sign-in with two-factor authentication: the code opens the session. */
export async function loginTwoFactor(
  deps: AccountsDeps,
  body: { challenge: string; code: string },
  client: ClientInfo,
): Promise<{ token: string; user: UserInfo; created: boolean }> {
  return finishLoginChallenge(deps, body, async (userId, created) => {
    const user = await requireUser(deps.db, userId);
    if (user.status !== 'active') throw new AppError(10005);
    return openSession(deps, user, client, { notifyNewDevice: !created });
  });
}

// ---- registration ----

type RegisterBody = {
  username: string;
  password: string;
  confirmPassword: string;
  code: string;
  inviteCode?: string | undefined;
  locale?: UserLocale | undefined;
} & Address;

async function inviterOf(db: Executor, inviteCode: string | undefined): Promise<number | null> {
  if (!inviteCode) return null;
  const inviter = await selectUserBy(db, 'inviteCode', inviteCode);
  if (!inviter) {
    throw new AppError(10100, {}, [
      { path: 'inviteCode', code: 'not_found', message: 'no such invite code' },
    ]);
  }
  return inviter.id;
}

/**
 * The demo grant (param `demo_grant`, read before the transaction opens) from the demo faucet,
 * inside the caller's transaction.
 */
async function grantDemo(tx: Tx, grant: string, userId: number, ref: string) {
  if (!dec(grant).isPositive()) return undefined;
  return post(tx, {
    kind: 'demo.grant',
    ref,
    mode: 'demo',
    postings: [
      { account: { owner: 'system', name: 'demo_faucet' }, asset: 'USDT', amount: `-${grant}` },
      { account: { owner: 'user', userId, bucket: 'available' }, asset: 'USDT', amount: grant },
    ],
  });
}

export function mapUniqueViolation(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint !== undefined) {
    if (constraint.includes('username')) throw new AppError(10006);
    if (constraint.includes('invite_code')) throw new AppError(10102);
    throw new AppError(10007);
  }
  throw error;
}

/** Creates the user, the demo grant and the welcome notification in one transaction. */
async function createAccount(
  deps: AccountsDeps,
  values: Parameters<typeof insertUser>[1],
  before?: (tx: Tx) => Promise<void>,
): Promise<UserRow> {
  const grant = await deps.params.get('demo_grant');
  const userId = await deps.db
    .transaction(async (tx) => {
      await before?.(tx);
      const id = await insertUser(tx, values);
      await grantDemo(tx, grant, id, `user:${id}`);
      await addNotification(tx, { userId: id, kind: 'welcome' });
      return id;
    })
    .catch(mapUniqueViolation);
  return requireUser(deps.db, userId);
}

export async function register(
  deps: AccountsDeps,
  body: RegisterBody,
  client: ClientInfo,
  now = new Date(),
): Promise<{ token: string; user: UserInfo }> {
  const { db } = deps;
  confirmMatches(body.password, body.confirmPassword);
  const address = normalizeAddress(body);
  refuseCommon(body.password, [body.username, address.email?.split('@')[0]]);
  if (await selectUserBy(db, 'username', body.username)) throw new AppError(10006);
  if (await findByAddress(db, address)) throw new AppError(10007);
  const invitedBy = await inviterOf(db, body.inviteCode);
  const codeId = await checkCode(db, address, 'register', body.code, now);
  const passwordHash = await hashPassword(body.password);
  const user = await createAccount(
    deps,
    {
      username: body.username,
      email: address.email ?? null,
      areaCode: address.areaCode ?? null,
      phone: address.e164 ?? null,
      passwordHash,
      invitedBy,
      locale: body.locale ?? client.locale,
      passwordChangedAt: now,
    },
    (tx) => consumeCodeOnce(tx, codeId, now),
  );
  await recordLoginAttempt(db, { userId: user.id, ip: client.ip, success: true });
  return openSession(deps, user, client, { notifyNewDevice: false });
}

// ---- login ----

/**
 * Password login by username, email, or phone (with its area code). Failed attempts count per
 * account; at 100 in an hour the account refuses logins (10119) until the hour has passed, whether
 * or not the next password is right, so guessing cannot continue.
 */
export async function login(
  deps: AccountsDeps,
  body: { account: string; areaCode?: string | undefined; password: string },
  client: ClientInfo,
  now = new Date(),
): Promise<{ token: string; user: UserInfo } | TwoFactorRequired> {
  const { db } = deps;
  const account = body.account.trim();
  let user: UserRow | undefined;
  if (body.areaCode) {
    const areaCode = body.areaCode.replace(/^\+/, '');
    const phone = account.replace(/[\s-]/g, '').replace(/^0+/, '');
    user = await selectUserBy(db, 'phone', `+${areaCode}${phone}`);
  } else if (account.includes('@')) {
    user = await selectUserBy(db, 'email', account.toLowerCase());
  } else {
    user = await selectUserBy(db, 'username', account.toLowerCase());
  }
  if (!user) {
    await recordLoginAttempt(db, { userId: null, ip: client.ip, success: false });
    // The same answer as a wrong password: a login form does not reveal which accounts exist.
    throw new AppError(10004);
  }
  const failures = await countFailedLogins(db, user.id, new Date(now.getTime() - 3_600_000));
  if (failures >= MAX_FAILED_LOGINS_PER_HOUR) throw new AppError(10119);
  const valid =
    user.passwordHash !== null && (await verifyPassword(user.passwordHash, body.password));
  if (!valid) {
    await recordLoginAttempt(db, { userId: user.id, ip: client.ip, success: false });
    throw new AppError(10004);
  }
  if (user.status !== 'active') throw new AppError(10005);
  await recordLoginAttempt(db, { userId: user.id, ip: client.ip, success: true });
  return signIn(deps, user, client, { notifyNewDevice: true });
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId);
}

/** Login by a verified identity (Google subject or wallet address); creates the account once. */
export async function loginByIdentity(
  deps: AccountsDeps,
  identity:
    | { kind: 'google'; sub: string; email: string | null; emailVerified: boolean }
    | { kind: 'wallet'; address: string },
  inviteCode: string | undefined,
  client: ClientInfo,
): Promise<{ token: string; user: UserInfo; created: boolean } | TwoFactorRequired> {
  const { db } = deps;
  let user =
    identity.kind === 'google'
      ? await selectUserBy(db, 'googleSub', identity.sub)
      : await selectUserBy(db, 'walletAddress', identity.address.toLowerCase());
  let created = false;
  if (!user && identity.kind === 'google' && identity.email && identity.emailVerified) {
    // Google vouches for the address: an existing account with that email is linked, not duplicated.
    const byEmail = await selectUserBy(db, 'email', identity.email.toLowerCase());
    if (byEmail) {
      await updateUser(db, byEmail.id, { googleSub: identity.sub });
      user = { ...byEmail, googleSub: identity.sub };
    }
  }
  if (!user) {
    const invitedBy = await inviterOf(db, inviteCode);
    user = await createAccount(deps, {
      username: generatedUsername(identity.kind === 'google' ? 'g' : 'w'),
      email:
        identity.kind === 'google' && identity.emailVerified && identity.email
          ? identity.email.toLowerCase()
          : null,
      googleSub: identity.kind === 'google' ? identity.sub : null,
      walletAddress: identity.kind === 'wallet' ? identity.address.toLowerCase() : null,
      invitedBy,
      locale: client.locale,
    });
    created = true;
  }
  if (user.status !== 'active') throw new AppError(10005);
  await recordLoginAttempt(db, { userId: user.id, ip: client.ip, success: true });
  const session = await signIn(deps, user, client, { notifyNewDevice: !created });
  return 'twoFactor' in session ? session : { ...session, created };
}
