// Who the user is, whether a name is free, settings, balances, the demo reset and invitations.
import { randomUUID } from 'node:crypto';
import type { AccountMode, InvitedFriend, UserInfo, UserLocale } from '@swx/contract';
import { dec } from '@swx/money';
import { isLocale, type Locale } from '@swx/i18n';
import { getAddress } from 'ethers';
import { toString as qrToString } from 'qrcode';
import type { z } from 'zod';
import { type SessionPolicy } from '../../platform/auth';
import type { EventBus } from '../../platform/bus';
import { type Db, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { publishUserEvent } from '../../platform/socket-hub';
import { kycStateOf } from '../kyc';
import {
  post,
  selectUserBalances,
  selectUsersWithEntries,
  TRADE_KINDS,
  type PostingInput,
} from '../ledger';
import type { Messenger } from '../messaging';
import type { ParamsReader } from '../params';
import {
  selectFriends,
  selectUserBy,
  selectUserById,
  updateUser,
  type UserRow,
} from './users.repo';
import { maskUsername, normalizeAddress } from './users.rules';
import { selectTwoFactor } from './two-factor.repo';

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
    twoFactor: Boolean((await selectTwoFactor(db, user.id))?.enabledAt),
    antiPhishingCode: user.antiPhishingCode,
    kycStatus: kyc.status,
    kycReason: kyc.reason,
    demoEnabled: user.demoEnabled,
    inviteCode: user.inviteCode,
    locale: isLocale(user.locale) ? user.locale : 'en',
    createdAt: user.createdAt.toISOString(),
  };
}

export async function requireUser(db: Executor, userId: number): Promise<UserRow> {
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
  // A friend has traded from their first real trade (DOMAIN.md "Invitations").
  const traded = await selectUsersWithEntries(deps.db, {
    userIds: friends.map((f) => f.id),
    kinds: TRADE_KINDS,
    mode: 'real',
  });
  return {
    code: user.inviteCode,
    link,
    qrSvg,
    // Funded at the first approved deposit.
    friends: friends.map((f) => ({
      username: maskUsername(f.username),
      registeredAt: f.createdAt.toISOString(),
      funded: f.fundedAt !== null,
      traded: traded.has(f.id),
    })),
  };
}
