/**
 * Funding in the back office (finance): the deposit addresses, the review queues of deposits and
 * withdrawals, and what a deposit's chain says.
 */
import { z } from 'zod';
import { DecimalString, envelope, IsoDateTime, PageQuery, pageOf } from './common';
import { Deposit, FundingCoin, FundingNetwork, ReviewState, Withdrawal } from './funding';
import { route } from './route';

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
  /** Whether the chain can be asked about this deposit (an RPC endpoint for its network). */
  chainCheck: z.boolean(),
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

/** Asks the chain about a deposit's transaction (read calls only) and keeps what it said. */
export const checkDepositChain = route({
  method: 'POST',
  path: '/swx/admin/funding/deposits/:id/chain',
  params: z.object({ id: z.coerce.number().int().positive() }),
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
