import {
  addressValid,
  fundingAmountValid,
  lastSixMatches,
  networkCarries,
  txHashValid,
  type AdminDepositAddress,
  type Deposit,
  type DepositAddress,
  type FundingCoin,
  type RechargeFields,
} from '@swx/contract';
import { dec } from '@swx/money';
import { toString as qrToString } from 'qrcode';
import { AppError } from '../../platform/errors';
import { uniqueViolation } from '../../platform/db';
import { publishUserEvent } from '../../platform/socket-hub';
import { recordAudit, type StaffActor } from '../audit';
import { cleanImage, MIME_OF } from '../kyc';
import { withOrderNumber } from '../triggers';
import type { FundingDeps } from './funding.deps';
import {
  insertDeposit,
  selectAddress,
  selectAddresses,
  selectDeposit,
  selectDepositByHash,
  selectDepositPage,
  upsertAddress,
  type AddressRow,
  type DepositRow,
} from './funding.repo';
import { normalizeHash } from './funding.rules';

const EXTENSION = { jpeg: 'jpg', png: 'png', jp2: 'jp2', j2k: 'j2k' } as const;

/** The minimum deposit of a coin: the system parameter `deposit_min_<coin>`. */
export async function minimumOf(deps: Pick<FundingDeps, 'params'>, coin: FundingCoin) {
  return dec(String(await deps.params.get(`deposit_min_${coin.toLowerCase()}`))).toFixed();
}

export async function listDepositAddresses(deps: FundingDeps): Promise<DepositAddress[]> {
  const rows = await selectAddresses(deps.db, true);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      coin: r.coin as FundingCoin,
      network: r.network as DepositAddress['network'],
      address: r.address,
      minAmount: await minimumOf(deps, r.coin as FundingCoin),
      qrSvg: await qrToString(r.address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    })),
  );
}

export function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    orderNo: row.orderNo,
    coin: row.coin as Deposit['coin'],
    network: row.network as Deposit['network'],
    amount: dec(row.amount).toFixed(),
    txHash: row.txHash,
    address: row.address,
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * Records a deposit the user made to the platform's address, pending review. Checks come first
 * and store nothing: the pair is offered (10144), the amount is a positive amount of the coin
 * (10148) and not below its minimum (10139), the hash has the network's form (10141) and ends in
 * the six characters given (10142), it was not reported before (10140), and the proof is an
 * image (10127 missing, 10122-10124 from the upload pipeline). The proof is stored re-encoded
 * and private; if the row cannot be written, the file is removed again.
 */
export async function submitDeposit(
  deps: FundingDeps,
  userId: number,
  fields: RechargeFields,
  proof: Buffer | undefined,
): Promise<Deposit> {
  const { coin, network } = fields;
  const address = networkCarries(coin, network)
    ? await selectAddress(deps.db, coin, network)
    : undefined;
  if (!address?.enabled) throw new AppError(10144);
  if (!fundingAmountValid(fields.amount, coin)) throw new AppError(10148);
  if (dec(fields.amount).lt(await minimumOf(deps, coin))) throw new AppError(10139);
  if (!txHashValid(network, fields.txHash)) throw new AppError(10141);
  if (!lastSixMatches(fields.txHash, fields.lastSix)) throw new AppError(10142);
  const txHash = normalizeHash(fields.txHash);
  if (await selectDepositByHash(deps.db, network, txHash)) throw new AppError(10140);
  if (!proof || proof.length === 0) throw new AppError(10127);
  const image = await cleanImage(proof, deps.maxBytes);

  const proofKey = await deps.store.put(image.bytes, EXTENSION[image.kind]);
  try {
    // In a transaction, like every effect under an Idempotency-Key: it marks the key as carried out.
    const row = await withOrderNumber('DP', new Date(deps.markets.now() * 1000), (orderNo) =>
      deps.db.transaction((tx) =>
        insertDeposit(tx, {
          orderNo,
          userId,
          coin,
          network,
          address: address.address,
          amount: dec(fields.amount).toFixed(),
          txHash,
          lastSix: fields.lastSix.toLowerCase(),
          proofKey,
          proofType: image.kind,
        }),
      ),
    );
    await publishUserEvent(deps.bus, userId, 'funding', {
      kind: 'deposit',
      id: row.id,
      state: row.state,
    });
    return toDeposit(row);
  } catch (error) {
    await deps.store.delete(proofKey);
    // Two reports of one hash at once: the unique index decides, the second is told so.
    if (uniqueViolation(error) !== undefined) throw new AppError(10140);
    throw error;
  }
}

export async function listDeposits(
  deps: FundingDeps,
  userId: number,
  page: number,
  pageSize: number,
) {
  const { rows, total } = await selectDepositPage(deps.db, { userId, page, pageSize });
  return { list: rows.map(toDeposit), total, page, pageSize };
}

// ---- staff: receiving addresses ----

function toAdminAddress(row: AddressRow, minAmount: string): AdminDepositAddress {
  return {
    id: row.id,
    coin: row.coin as FundingCoin,
    network: row.network as AdminDepositAddress['network'],
    address: row.address,
    enabled: row.enabled,
    minAmount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAddressesForStaff(deps: FundingDeps): Promise<AdminDepositAddress[]> {
  const rows = await selectAddresses(deps.db, false);
  return Promise.all(
    rows.map(async (r) => toAdminAddress(r, await minimumOf(deps, r.coin as FundingCoin))),
  );
}

/**
 * Sets the platform's receiving address of a coin on a network: the pair must be one the
 * platform supports (10144) and the address in the network's format (10143). Audited with the
 * address before and after: a changed deposit address is exactly what staff must be able to see.
 */
export async function saveAddressForStaff(
  deps: FundingDeps,
  actor: StaffActor,
  input: {
    coin: FundingCoin;
    network: AdminDepositAddress['network'];
    address: string;
    enabled: boolean;
  },
): Promise<AdminDepositAddress> {
  if (!networkCarries(input.coin, input.network)) throw new AppError(10144);
  if (!addressValid(input.network, input.address)) throw new AppError(10143);
  const row = await deps.db.transaction(async (tx) => {
    const before = await selectAddress(tx, input.coin, input.network);
    const saved = await upsertAddress(tx, input);
    await recordAudit(tx, {
      ...actor,
      action: 'deposit_address.save',
      target: `deposit_address:${input.coin}:${input.network}`,
      detail: {
        address: { from: before?.address ?? null, to: saved.address },
        enabled: { from: before?.enabled ?? null, to: saved.enabled },
      },
    });
    return saved;
  });
  return toAdminAddress(row, await minimumOf(deps, input.coin));
}

/** A deposit's proof image, for staff. */
export async function readProof(deps: FundingDeps, id: number) {
  const row = await selectDeposit(deps.db, id);
  if (!row) throw new AppError(10101);
  const bytes = await deps.store.get(row.proofKey);
  if (!bytes) throw new AppError(10101);
  return { bytes, mime: MIME_OF[row.proofType as keyof typeof MIME_OF] };
}
