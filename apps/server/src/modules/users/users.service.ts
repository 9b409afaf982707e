import { randomUUID } from 'node:crypto';
import type {
  AccountMode,
  Address,
  Channel,
  CodePurpose,
  InvitedFriend,
  UserInfo,
  UserLocale,
} from '@swx/contract';
import { dec } from '@swx/money';
import { isLocale, type Locale } from '@swx/i18n';
import { getAddress } from 'ethers';
import { toString as qrToString } from 'qrcode';
import type { z } from 'zod';
import {
  createSession,
  revokeAllSessions,
  revokeSession,
  type SessionPolicy,
} from '../../platform/auth';
import type { EventBus } from '../../platform/bus';
import { uniqueViolation, type Db, type Executor, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { publishUserEvent } from '../../platform/socket-hub';
import { kycStateOf } from '../kyc';
import { post, selectUserBalances, type PostingInput } from '../ledger';
import type { Messenger } from '../messaging';
import { addNotification } from '../notifications';
import type { ParamsReader } from '../params';
import { isCommonPassword } from './common-passwords';
import {
  consumeCode,
  countCodeAttempt,
  countFailedLogins,
  deleteCode,
  insertCode,
  insertUser,
  lockAddress,
  recordLoginAttempt,
  rememberDevice,
  selectFriends,
  selectLatestCodeTime,
  selectLiveCode,
  selectUserBy,
  selectUserById,
  updateUser,
  type UserRow,
} from './users.repo';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  deviceHash,
  deviceName,
  generatedUsername,
  hashCode,
  maskUsername,
  MAX_FAILED_LOGINS_PER_HOUR,
  newVerificationCode,
  normalizeAddress,
  type NormalizedAddress,
} from './users.rules';

export interface AccountsDeps {
  db: Db;
  bus: EventBus;
  messenger: Messenger;
  params: ParamsReader;
  policy: SessionPolicy;
  /** Public address of the web app, for invite links (falls back to the request's origin). */
  publicUrl?: string | undefined;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | undefined;
  locale: Locale;
}

// ---- user info ----

export async function userInfoOf(db: Executor, user: UserRow): Promise<UserInfo> {
  const kyc = await kycStateOf(db, user.id);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    areaCode: user.areaCode,
    phone: user.phone,
    walletAddress: user.walletAddress ? getAddress(user.walletAddress) : null,
    googleLinked: user.googleSub !== null,
    hasPassword: user.passwordHash !== null,
    hasWithdrawPassword: user.withdrawPasswordHash !== null,
    kycStatus: kyc.status,
    kycReason: kyc.reason,
    demoEnabled: user.demoEnabled,
    inviteCode: user.inviteCode,
    locale: isLocale(user.locale) ? user.locale : 'en',
    createdAt: user.createdAt.toISOString(),
  };
}

async function requireUser(db: Executor, userId: number): Promise<UserRow> {
  const user = await selectUserById(db, userId);
  if (!user) throw new AppError(10009);
  return user;
}

export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  return userInfoOf(db, await requireUser(db, userId));
}

// ---- availability ----

export async function isAvailable(
  db: Db,
  query: { kind: 'username' | 'email' | 'phone'; value: string; areaCode?: string | undefined },
): Promise<boolean> {
  if (query.kind === 'username') {
    return (await selectUserBy(db, 'username', query.value.trim().toLowerCase())) === undefined;
  }
  if (query.kind === 'email') {
    return (await selectUserBy(db, 'email', query.value.trim().toLowerCase())) === undefined;
  }
  const address = normalizeAddress({
    channel: 'phone',
    areaCode: (query.areaCode ?? '').replace(/^\+/, ''),
    phone: query.value.replace(/[\s-]/g, ''),
  });
  return (await selectUserBy(db, 'phone', address.e164 ?? '')) === undefined;
}

function contactOf(user: UserRow, channel: Channel): NormalizedAddress {
  if (channel === 'email') {
    if (!user.email) throw new AppError(10125);
    return normalizeAddress({ channel: 'email', email: user.email });
  }
  if (!user.phone || !user.areaCode) throw new AppError(10125);
  return {
    key: `phone:${user.phone}`,
    channel: 'phone',
    areaCode: user.areaCode,
    e164: user.phone,
  };
}

async function findByAddress(db: Executor, address: NormalizedAddress) {
  return address.channel === 'email'
    ? selectUserBy(db, 'email', address.email ?? '')
    : selectUserBy(db, 'phone', address.e164 ?? '');
}

// ---- verification codes ----

type SendCodeBody =
  | ({ purpose: 'register' | 'reset' | 'bind' } & Address)
  | { purpose: 'withdrawPassword'; channel: Channel };

/**
 * Sends a code. Register and bind need a free address (10007), reset a known one (10009),
 * withdrawPassword the user's own contact (10125 without one). One send per 60 s per address and
 * purpose: a customer who has just registered can set a withdrawal password at once, while asking
 * for the same code again waits the minute.
 */
export async function sendCode(
  deps: AccountsDeps,
  body: SendCodeBody,
  userId: number | undefined,
  locale: Locale,
  now = new Date(),
): Promise<{ resendAfter: number; expiresIn: number }> {
  const { db } = deps;
  let address: NormalizedAddress;
  let language = locale;
  if (body.purpose === 'withdrawPassword' || body.purpose === 'bind') {
    if (userId === undefined) throw new AppError(401);
    const user = await requireUser(db, userId);
    language = isLocale(user.locale) ? user.locale : locale;
    if (body.purpose === 'withdrawPassword') {
      address = contactOf(user, body.channel);
    } else {
      address = normalizeAddress(body);
      if ((address.channel === 'email' ? user.email : user.phone) !== null)
        throw new AppError(10008);
      if (await findByAddress(db, address)) throw new AppError(10007);
    }
  } else {
    address = normalizeAddress(body);
    const owner = await findByAddress(db, address);
    if (body.purpose === 'register' && owner) throw new AppError(10007);
    if (body.purpose === 'reset') {
      if (!owner) throw new AppError(10009);
      language = isLocale(owner.locale) ? owner.locale : locale;
    }
  }

  const code = newVerificationCode();
  const purpose: CodePurpose = body.purpose;
  const codeId = await db.transaction(async (tx) => {
    await lockAddress(tx, address.key);
    const last = await selectLatestCodeTime(tx, address.key, purpose);
    if (last && now.getTime() - last.getTime() < CODE_RESEND_SECONDS * 1000) {
      throw new AppError(10089);
    }
    return insertCode(tx, {
      address: address.key,
      purpose,
      codeHash: hashCode(address.key, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });

  try {
    await deps.messenger.sendCode(
      address.channel === 'email'
        ? { channel: 'email', email: address.email ?? '' }
        : { channel: 'phone', e164: address.e164 ?? '' },
      purpose,
      code,
      CODE_TTL_SECONDS / 60,
      language,
    );
  } catch (error) {
    // Not delivered: the code is withdrawn so the user can ask again at once.
    await deleteCode(db, codeId);
    throw error;
  }
  return { resendAfter: CODE_RESEND_SECONDS, expiresIn: CODE_TTL_SECONDS };
}

/**
 * Checks a code without consuming it: 10090 when there is no live code (never sent, expired, or
 * killed by five wrong tries), 10091 when it is wrong (the try is counted and committed). Returns
 * the code's id for `consumeCodeOnce` inside the business transaction.
 */
export async function checkCode(
  db: Db,
  address: NormalizedAddress,
  purpose: CodePurpose,
  code: string,
  now = new Date(),
): Promise<number> {
  const result = await db.transaction(async (tx) => {
    const live = await selectLiveCode(tx, address.key, purpose);
    if (!live || live.expiresAt <= now || live.attempts >= CODE_MAX_ATTEMPTS) return 'missing';
    if (live.codeHash !== hashCode(address.key, purpose, code)) {
      await countCodeAttempt(tx, live.id);
      return 'wrong';
    }
    return live.id;
  });
  if (result === 'missing') throw new AppError(10090);
  if (result === 'wrong') throw new AppError(10091);
  return result;
}

async function consumeCodeOnce(tx: Tx, codeId: number, now: Date): Promise<void> {
  if (!(await consumeCode(tx, codeId, now))) throw new AppError(10090);
}

// ---- passwords ----

function confirmMatches(password: string, confirmPassword: string): void {
  if (password !== confirmPassword) {
    throw new AppError(10100, {}, [
      { path: 'confirmPassword', code: 'mismatch', message: 'does not match the password' },
    ]);
  }
}

function refuseCommon(password: string, context: readonly (string | null | undefined)[]): void {
  if (isCommonPassword(password, context)) throw new AppError(10118);
}

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

function mapUniqueViolation(error: unknown): never {
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
): Promise<{ token: string; user: UserInfo }> {
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
  return openSession(deps, user, client, { notifyNewDevice: true });
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
): Promise<{ token: string; user: UserInfo; created: boolean }> {
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
  const session = await openSession(deps, user, client, { notifyNewDevice: !created });
  return { ...session, created };
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
  body: { channel: Channel; code: string; password: string; confirmPassword: string },
  now = new Date(),
): Promise<void> {
  confirmMatches(body.password, body.confirmPassword);
  const user = await requireUser(deps.db, userId);
  const address = contactOf(user, body.channel);
  const codeId = await checkCode(deps.db, address, 'withdrawPassword', body.code, now);
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

export async function updateSettings(
  db: Db,
  userId: number,
  body: { locale: UserLocale },
): Promise<UserInfo> {
  await updateUser(db, userId, { locale: body.locale });
  return getUserInfo(db, userId);
}

// ---- balances and demo ----

export async function accountSummary(db: Db, userId: number, mode: AccountMode) {
  const rows = await selectUserBalances(db, userId, mode);
  const byAsset = new Map<string, { available: string; frozen: string }>();
  for (const row of rows) {
    const entry = byAsset.get(row.asset) ?? { available: '0', frozen: '0' };
    if (row.bucket === 'available') entry.available = row.balance;
    else entry.frozen = dec(entry.frozen).plus(row.balance).toFixed();
    byAsset.set(row.asset, entry);
  }
  return {
    mode,
    balances: [...byAsset].map(([asset, b]) => ({
      asset,
      available: dec(b.available).toFixed(),
      frozen: dec(b.frozen).toFixed(),
    })),
  };
}

/**
 * Restores the demo account to the grant: every available demo balance goes back to the faucet and
 * the grant is credited, in one ledger transaction. Funds held in orders or positions stay there.
 */
export async function resetDemo(deps: AccountsDeps, userId: number) {
  const { db } = deps;
  const user = await requireUser(db, userId);
  if (!user.demoEnabled) throw new AppError(10111);
  const grant = await deps.params.get('demo_grant');
  const result = await db.transaction(async (tx) => {
    const balances = await selectUserBalances(tx, userId, 'demo');
    const postings: PostingInput[] = [];
    let usdt = dec(grant);
    for (const row of balances) {
      if (row.bucket !== 'available') continue;
      if (row.asset === 'USDT') {
        usdt = usdt.minus(row.balance);
        continue;
      }
      if (dec(row.balance).isZero()) continue;
      postings.push(
        {
          account: { owner: 'user', userId, bucket: 'available' },
          asset: row.asset,
          amount: dec(row.balance).neg().toFixed(),
        },
        {
          account: { owner: 'system', name: 'demo_faucet' },
          asset: row.asset,
          amount: dec(row.balance).toFixed(),
        },
      );
    }
    if (!usdt.isZero()) {
      postings.push(
        {
          account: { owner: 'user', userId, bucket: 'available' },
          asset: 'USDT',
          amount: usdt.toFixed(),
        },
        {
          account: { owner: 'system', name: 'demo_faucet' },
          asset: 'USDT',
          amount: usdt.neg().toFixed(),
        },
      );
    }
    if (postings.length === 0) return undefined;
    return post(tx, { kind: 'demo.reset', ref: randomUUID(), mode: 'demo', postings });
  });
  if (result) await publishUserEvent(deps.bus, userId, 'balance', { mode: 'demo' });
  return { balances: (await accountSummary(db, userId, 'demo')).balances };
}

// ---- invitations ----

export async function inviteInfo(
  deps: AccountsDeps,
  userId: number,
  origin: string,
): Promise<{
  code: string;
  link: string;
  qrSvg: string;
  friends: z.infer<typeof InvitedFriend>[];
}> {
  const user = await requireUser(deps.db, userId);
  const base = (deps.publicUrl ?? origin).replace(/\/+$/, '');
  const link = `${base}/pass/register?invite=${user.inviteCode}`;
  const qrSvg = await qrToString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  const friends = await selectFriends(deps.db, userId);
  return {
    code: user.inviteCode,
    link,
    qrSvg,
    // Funded at the first approved deposit; traded comes with the commissions (issue 12).
    friends: friends.map((f) => ({
      username: maskUsername(f.username),
      registeredAt: f.createdAt.toISOString(),
      funded: f.fundedAt !== null,
      traded: false,
    })),
  };
}
