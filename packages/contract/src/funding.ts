import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime, PageQuery, pageOf } from './common';
import { route } from './route';

/**
 * Funding: deposits with proof and review, withdrawals with the withdrawal password, a fee and
 * review, and the user's ledger entries as CSV. Real mode only (10107 in demo mode).
 */

/** The coins and networks the platform receives and pays (DOMAIN.md, Deposits and withdrawals). */
export const FundingCoin = z.enum(['USDT', 'BTC', 'ETH']);
export type FundingCoin = z.infer<typeof FundingCoin>;
export const FundingNetwork = z.enum(['TRC20', 'ERC20', 'BTC']);
export type FundingNetwork = z.infer<typeof FundingNetwork>;

/** Which networks carry which coin: USDT on TRON and Ethereum, BTC on Bitcoin, ETH on Ethereum. */
export const NETWORKS_OF: Readonly<Record<FundingCoin, readonly FundingNetwork[]>> = {
  USDT: ['TRC20', 'ERC20'],
  BTC: ['BTC'],
  ETH: ['ERC20'],
};

/** A transaction hash as each network writes it. */
export const TX_HASH_PATTERN: Readonly<Record<FundingNetwork, RegExp>> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
};

/**
 * A receiving address as each network writes it: TRON base58 starting with T, an Ethereum hex
 * address, a Bitcoin legacy (1…, 3…) or bech32 (bc1…) address. The format only: the checksum is
 * the wallet's business, and staff see the address before paying.
 */
export const ADDRESS_PATTERN: Readonly<Record<FundingNetwork, RegExp>> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71})$/,
};

export const DepositAddress = z.object({
  id: z.number().int(),
  coin: FundingCoin,
  network: FundingNetwork,
  address: z.string(),
  /** The minimum deposit of the coin (a system parameter). */
  minAmount: DecimalString,
});
export type DepositAddress = z.infer<typeof DepositAddress>;

/** The enabled receiving addresses, with each coin's minimum. */
export const listDepositAddresses = route({
  method: 'GET',
  path: '/swx/customer/user/listRechargeAddress',
  reply: envelope(z.array(DepositAddress)),
});

export const ReviewState = z.enum(['pending', 'approved', 'rejected']);
export type ReviewState = z.infer<typeof ReviewState>;

const Amount = z.string().trim().min(1).max(40);

/** The text fields of a deposit; the proof screenshot comes as the multipart file `proof`. */
export const RechargeFields = z.object({
  coin: FundingCoin,
  network: FundingNetwork,
  amount: Amount,
  txHash: z.string().trim().min(1).max(100),
  /** The hash's last six characters, as the user reads them off the wallet. */
  lastSix: z.string().trim().min(1).max(12),
});
export type RechargeFields = z.infer<typeof RechargeFields>;

export const Deposit = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  coin: FundingCoin,
  network: FundingNetwork,
  amount: DecimalString,
  txHash: z.string(),
  /** The platform's address the user was shown. */
  address: z.string(),
  state: ReviewState,
  reason: z.string().nullable(),
  createdAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

/** Multipart: the fields above and the image `proof`. Success answers 20002. */
export const recharge = route({
  method: 'POST',
  path: '/swx/customer/user/recharge',
  reply: envelope(Deposit),
  idempotent: true,
});

export const listRecharge = route({
  method: 'GET',
  path: '/swx/customer/user/listRecharge',
  query: PageQuery,
  reply: envelope(pageOf(Deposit)),
});

export const WithdrawMethod = z.enum(['crypto', 'bank']);
export type WithdrawMethod = z.infer<typeof WithdrawMethod>;

/**
 * A withdrawal. `method` missing answers 10025; crypto needs coin, network and an address in the
 * network's format (10021 empty, 10143 malformed); bank needs the bank type, account number and
 * holder name (10145) and pays USDT. The password is the six-digit withdrawal password.
 */
export const WithdrawalBody = z.object({
  method: WithdrawMethod,
  coin: FundingCoin.default('USDT'),
  network: FundingNetwork.optional(),
  address: z.string().trim().max(100).optional(),
  bankType: z.string().trim().max(60).optional(),
  accountNumber: z.string().trim().max(40).optional(),
  holderName: z.string().trim().max(80).optional(),
  amount: Amount,
  password: z.string().max(64),
});
export type WithdrawalBody = z.infer<typeof WithdrawalBody>;

export const Withdrawal = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  method: WithdrawMethod,
  coin: FundingCoin,
  network: FundingNetwork.nullable(),
  address: z.string().nullable(),
  bankType: z.string().nullable(),
  /** Masked but the last four digits. */
  accountNumber: z.string().nullable(),
  holderName: z.string().nullable(),
  amount: DecimalString,
  feeRate: DecimalString,
  fee: DecimalString,
  /** What arrives: amount - fee. */
  actual: DecimalString,
  state: ReviewState,
  reason: z.string().nullable(),
  createdAt: IsoDateTime,
  reviewedAt: IsoDateTime.nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

/** Freezes the amount; success answers 20003. */
export const withdrawal = route({
  method: 'POST',
  path: '/swx/customer/user/withdrawal',
  body: WithdrawalBody,
  reply: envelope(Withdrawal),
  idempotent: true,
  fieldCodes: { amount: 10016, method: 10025 },
});

export const listWithdrwal = route({
  method: 'GET',
  path: '/swx/customer/user/listWithdrwal',
  query: PageQuery,
  reply: envelope(pageOf(Withdrawal)),
});

/**
 * The caller's ledger entries of a period as CSV (date, kind, reference, asset, bucket, amount,
 * balance after), oldest first, streamed. `from` inclusive, `to` exclusive; at most 366 days.
 */
export const exportLedger = route({
  method: 'GET',
  path: '/swx/customer/user/exportLedger',
  query: z.object({ from: IsoDateTime, to: IsoDateTime }),
  reply: z.string(),
});

// ---- back office (finance) ----

export const AdminDepositAddress = z.object({
  id: z.number().int(),
  coin: FundingCoin,
  network: FundingNetwork,
  address: z.string(),
  enabled: z.boolean(),
  minAmount: DecimalString,
  updatedAt: IsoDateTime,
});
export type AdminDepositAddress = z.infer<typeof AdminDepositAddress>;

export const listAdminDepositAddresses = route({
  method: 'GET',
  path: '/swx/admin/funding/addresses',
  reply: envelope(z.array(AdminDepositAddress)),
});

/** Sets the receiving address of a coin and network (created when new); checked for its format. */
export const saveDepositAddress = route({
  method: 'POST',
  path: '/swx/admin/funding/addresses',
  body: z.object({
    coin: FundingCoin,
    network: FundingNetwork,
    address: z.string().trim().min(1).max(100),
    enabled: z.boolean(),
  }),
  reply: envelope(AdminDepositAddress),
});

/** What the chain said about a deposit's transaction (when an RPC endpoint is configured). */
export const ChainFacts = z.object({
  checkedAt: IsoDateTime,
  found: z.boolean(),
  to: z.string().optional(),
  token: z.string().optional(),
  amount: z.string().optional(),
  confirmations: z.number().int().optional(),
  paysPlatform: z.boolean().optional(),
  error: z.string().optional(),
});
export type ChainFacts = z.infer<typeof ChainFacts>;

const Reviewer = {
  userId: z.number().int(),
  username: z.string(),
  reviewedBy: z.string().nullable(),
};

export const StaffDeposit = Deposit.extend({
  ...Reviewer,
  lastSix: z.string(),
  /** Where staff read the proof image (a staff route). */
  proofUrl: z.string(),
  chain: ChainFacts.nullable(),
});
export type StaffDeposit = z.infer<typeof StaffDeposit>;

export const StaffWithdrawal = Withdrawal.extend({
  ...Reviewer,
  valueUsdt: DecimalString,
  needsSecond: z.boolean(),
  firstApprovedBy: z.string().nullable(),
  payoutRef: z.string().nullable(),
});
export type StaffWithdrawal = z.infer<typeof StaffWithdrawal>;

const QueueQuery = PageQuery.extend({
  state: ReviewState.optional(),
  userId: z.coerce.number().int().positive().optional(),
});

/** Pending ones oldest first (a queue); otherwise newest first. */
export const listStaffDeposits = route({
  method: 'GET',
  path: '/swx/admin/funding/deposits',
  query: QueueQuery,
  reply: envelope(pageOf(StaffDeposit)),
});

export const ADMIN_DEPOSIT_PROOF_PATH = '/swx/admin/funding/deposits/:id/proof';

const Decision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), payoutRef: z.string().trim().max(200).optional() }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
]);

/** Approve credits the amount from `custody`; reject needs a reason. 10146 when already done. */
export const reviewDeposit = route({
  method: 'POST',
  path: '/swx/admin/funding/deposits/:id/review',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: Decision,
  reply: envelope(StaffDeposit),
});

export const listStaffWithdrawals = route({
  method: 'GET',
  path: '/swx/admin/funding/withdrawals',
  query: QueueQuery,
  reply: envelope(pageOf(StaffWithdrawal)),
});

/**
 * Approve pays `actual` to `custody` and the fee to `fees` (a payout reference is required);
 * above the four-eyes threshold the first approval only records itself and a different finance
 * member must approve (10147 for the same one). Reject returns the whole amount (reason needed).
 */
export const reviewWithdrawal = route({
  method: 'POST',
  path: '/swx/admin/funding/withdrawals/:id/review',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: Decision,
  reply: envelope(StaffWithdrawal),
});
