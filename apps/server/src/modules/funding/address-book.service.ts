// The withdrawal address book: saved addresses with labels, a hold on new ones, and whitelist
// mode, which lets crypto withdrawals go only to saved addresses past their hold.
import type { WithdrawAddress } from '@swx/contract';
import { addressValid, networkCarries } from '@swx/contract';
import { uniqueViolation, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  deleteWithdrawAddress,
  insertWithdrawAddress,
  selectWhitelist,
  selectWithdrawAddress,
  selectWithdrawAddresses,
  upsertWhitelist,
  type WithdrawAddressRow,
} from './address-book.repo';
import type { FundingDeps } from './funding.deps';

function toAddress(row: WithdrawAddressRow): WithdrawAddress {
  return {
    id: row.id,
    coin: row.coin as WithdrawAddress['coin'],
    network: row.network as WithdrawAddress['network'],
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    usableFrom: row.usableFrom.toISOString(),
  };
}

async function holdHours(deps: FundingDeps): Promise<number> {
  return Number(await deps.params.get('withdraw_address_hold_hours'));
}

export async function addressBook(deps: FundingDeps, userId: number) {
  const list = await selectWithdrawAddresses(deps.db, userId);
  return {
    whitelist: await selectWhitelist(deps.db, userId),
    holdHours: await holdHours(deps),
    list: list.map(toAddress),
  };
}

/** Saves an address after its format check (10144, 10143); 10117 when it is already saved. */
export async function addAddress(
  deps: FundingDeps,
  userId: number,
  body: {
    coin: WithdrawAddress['coin'];
    network: WithdrawAddress['network'];
    address: string;
    label: string;
    twoFactorCode?: string | undefined;
  },
  now: Date,
): Promise<WithdrawAddress> {
  if (!networkCarries(body.coin, body.network)) throw new AppError(10144);
  if (!addressValid(body.network, body.address)) throw new AppError(10143);
  await deps.users.checkSecondFactor(deps.db, userId, body.twoFactorCode);
  const usableFrom = new Date(now.getTime() + (await holdHours(deps)) * 3_600_000);
  try {
    const row = await insertWithdrawAddress(deps.db, {
      userId,
      coin: body.coin,
      network: body.network,
      address: body.address,
      label: body.label,
      createdAt: now,
      usableFrom,
    });
    return toAddress(row);
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw new AppError(10117);
    throw error;
  }
}

/** Deletes one of the caller's own saved addresses; another customer's id is 10101. */
export async function deleteAddress(deps: FundingDeps, userId: number, id: number) {
  if (!(await deleteWithdrawAddress(deps.db, userId, id))) throw new AppError(10101);
  return addressBook(deps, userId);
}

/** Whitelist on at once; off only with the two-factor code when that is on. */
export async function setWhitelist(
  deps: FundingDeps,
  userId: number,
  body: { enabled: boolean; twoFactorCode?: string | undefined },
) {
  if (!body.enabled) await deps.users.checkSecondFactor(deps.db, userId, body.twoFactorCode);
  await upsertWhitelist(deps.db, userId, body.enabled);
  return addressBook(deps, userId);
}

/**
 * In whitelist mode a withdrawal goes only to a saved address of its coin and network whose hold
 * has passed (10159 otherwise, and for every bank withdrawal; 10160 while on hold).
 */
export async function checkWhitelist(
  db: Executor,
  userId: number,
  to: { coin: string; network: string | null; address: string | null },
  now: Date,
): Promise<void> {
  if (!(await selectWhitelist(db, userId))) return;
  if (to.network === null || to.address === null) throw new AppError(10159);
  const saved = await selectWithdrawAddress(db, userId, {
    coin: to.coin,
    network: to.network,
    address: to.address,
  });
  if (!saved) throw new AppError(10159);
  if (saved.usableFrom > now) throw new AppError(10160);
}
