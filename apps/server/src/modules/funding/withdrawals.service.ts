import {
  addressValid,
  fundingAmountValid,
  networkCarries,
  withdrawalFigures,
  type FundingCoin,
  type Withdrawal,
  type WithdrawalBody,
} from '@swx/contract';
import { dec } from '@swx/money';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { publishUserEvent } from '../../platform/socket-hub';
import { post, transferPostings } from '../ledger';
import { withOrderNumber } from '../triggers';
import { checkWhitelist } from './address-book.service';
import type { FundingDeps } from './funding.deps';
import {
  insertWithdrawal,
  lockGuard,
  saveGuard,
  selectWithdrawalPage,
  type WithdrawalRow,
} from './funding.repo';
import { afterFailure, maskAccount } from './funding.rules';

export function toWithdrawal(row: WithdrawalRow, fullAccount = false): Withdrawal {
  return {
    id: row.id,
    orderNo: row.orderNo,
    method: row.method,
    coin: row.coin as FundingCoin,
    network: row.network as Withdrawal['network'],
    address: row.address,
    bankType: row.bankType,
    accountNumber:
      row.accountNumber === null || fullAccount
        ? row.accountNumber
        : maskAccount(row.accountNumber),
    holderName: row.holderName,
    amount: dec(row.amount).toFixed(),
    feeRate: dec(row.feeRate).toFixed(),
    fee: dec(row.fee).toFixed(),
    actual: dec(row.actual).toFixed(),
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** Where the money goes: a crypto address on the coin's network, or a bank account (USDT). */
function destination(body: WithdrawalBody) {
  if (body.method === 'bank') {
    const bankType = body.bankType?.trim() ?? '';
    const accountNumber = body.accountNumber?.replace(/\s+/g, '') ?? '';
    const holderName = body.holderName?.trim() ?? '';
    if (!bankType || !accountNumber || !holderName) throw new AppError(10145);
    return {
      coin: 'USDT' as const,
      network: null,
      address: null,
      bankType,
      accountNumber,
      holderName,
    };
  }
  if (!networkCarries(body.coin, body.network) || body.network === undefined)
    throw new AppError(10144);
  const address = body.address?.trim() ?? '';
  if (!address) throw new AppError(10021);
  if (!addressValid(body.network, address)) throw new AppError(10143);
  return {
    coin: body.coin,
    network: body.network,
    address,
    bankType: null,
    accountNumber: null,
    holderName: null,
  };
}

/**
 * Checks the withdrawal password under the user's guard row: 10138 without one, 10137 while
 * locked, 10093 when wrong (the fifth wrong one within 15 minutes locks withdrawals for 15
 * minutes). A wrong try is committed even though the request fails.
 */
async function checkPassword(deps: FundingDeps, userId: number, password: string, now: Date) {
  const hash = await deps.users.withdrawPasswordHash(deps.db, userId);
  if (hash === null) throw new AppError(10138);
  const refusal = await deps.db.transaction(async (tx) => {
    const guard = await lockGuard(tx, userId);
    if (guard.lockedUntil && guard.lockedUntil > now) return 10137 as const;
    if (await verifyPassword(hash, password)) {
      if (guard.failures > 0) await saveGuard(tx, userId, { ...guard, failures: 0 });
      return undefined;
    }
    await saveGuard(tx, userId, afterFailure(guard, now));
    return 10093 as const;
  });
  if (refusal) throw new AppError(refusal);
}

/**
 * Submits a withdrawal: the destination and amount are checked first (10025, 10144, 10021,
 * 10143, 10145, 10148), then the password and, when it is on, the two-factor code; the amount moves from available to frozen in the
 * same transaction as the row (10092 when the balance does not cover it), so concurrent requests
 * can never spend one balance twice. Staff then approve or reject it.
 */
export async function submitWithdrawal(
  deps: FundingDeps,
  userId: number,
  body: WithdrawalBody,
): Promise<Withdrawal> {
  const to = destination(body);
  if (!fundingAmountValid(body.amount, to.coin)) throw new AppError(10148);
  const amount = dec(body.amount).toFixed();
  const feeRate = dec(String(await deps.params.get('withdraw_fee_rate'))).toFixed();
  const figures = withdrawalFigures(amount, feeRate, to.coin);
  if (!figures) throw new AppError(10148);
  const now = new Date(deps.markets.now() * 1000);
  await checkPassword(deps, userId, body.password, now);
  // Whitelist mode: only saved addresses past their hold (10159, 10160).
  await checkWhitelist(deps.db, userId, to, now);
  // With two-factor authentication on, the authenticator's code (10153, 10116; wall-clock time).
  await deps.users.checkSecondFactor(deps.db, userId, body.twoFactorCode);

  const price = to.coin === 'USDT' ? '1' : deps.markets.price(`${to.coin}USDT`);
  const valueUsdt = dec(amount)
    .times(price ?? '0')
    .toDecimalPlaces(6)
    .toFixed();
  const threshold = String(await deps.params.get('withdraw_four_eyes_usdt'));
  // Without a price the value is unknown: a second approval is the safe side.
  const needsSecond = price === undefined || dec(valueUsdt).gt(threshold);
  const row = await withOrderNumber('WD', now, (orderNo) =>
    deps.db.transaction(async (tx) => {
      const inserted = await insertWithdrawal(tx, {
        orderNo,
        userId,
        method: body.method,
        ...to,
        amount,
        feeRate,
        fee: figures.fee,
        actual: figures.actual,
        valueUsdt,
        needsSecond,
        createdAt: now,
      });
      await post(tx, {
        kind: 'withdraw.freeze',
        ref: inserted.orderNo,
        mode: 'real',
        postings: transferPostings(
          { owner: 'user', userId, bucket: 'available' },
          { owner: 'user', userId, bucket: 'frozen' },
          to.coin,
          amount,
        ),
      });
      return inserted;
    }),
  );
  await publishUserEvent(deps.bus, userId, 'funding', {
    kind: 'withdrawal',
    id: row.id,
    state: row.state,
  });
  await publishUserEvent(deps.bus, userId, 'balance', { mode: 'real' });
  return toWithdrawal(row);
}

export async function listWithdrawals(
  deps: FundingDeps,
  userId: number,
  page: number,
  pageSize: number,
) {
  const { rows, total } = await selectWithdrawalPage(deps.db, { userId, page, pageSize });
  return { list: rows.map((r) => toWithdrawal(r)), total, page, pageSize };
}
