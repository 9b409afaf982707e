// Verification codes to an email or phone: sending, checking, using once.
import type { Address, Channel, CodePurpose } from '@swx/contract';
import { isLocale, type Locale } from '@swx/i18n';
import type { Db, Executor, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  consumeCode,
  countCodeAttempt,
  deleteCode,
  insertCode,
  lockAddress,
  selectLatestCodeTime,
  selectLiveCode,
  selectUserBy,
  type UserRow,
} from './users.repo';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  hashCode,
  newVerificationCode,
  normalizeAddress,
  type NormalizedAddress,
} from './users.rules';
import { requireUser, type AccountsDeps } from './users.service';

export function contactOf(user: UserRow, channel: Channel): NormalizedAddress {
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

export async function findByAddress(db: Executor, address: NormalizedAddress) {
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
  // The user the mail goes to, if any: their anti-phishing code is shown in it.
  let antiPhishing: string | null = null;
  if (body.purpose === 'withdrawPassword' || body.purpose === 'bind') {
    if (userId === undefined) throw new AppError(401);
    const user = await requireUser(db, userId);
    language = isLocale(user.locale) ? user.locale : locale;
    antiPhishing = user.antiPhishingCode;
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
      antiPhishing = owner.antiPhishingCode;
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
      antiPhishing,
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

export async function consumeCodeOnce(tx: Tx, codeId: number, now: Date): Promise<void> {
  if (!(await consumeCode(tx, codeId, now))) throw new AppError(10090);
}
