import type { StaffDeposit, StaffWithdrawal } from '@swx/contract';
import { dec } from '@swx/money';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { publishUserEvent } from '../../platform/socket-hub';
import { recordAudit, type StaffActor } from '../audit';
import { post, type PostingInput } from '../ledger';
import { addNotification } from '../notifications';
import { chainCheckable, chainFacts } from './chain.service';
import { toDeposit } from './deposits.service';
import type { FundingDeps } from './funding.deps';
import {
  reviewDepositRow,
  reviewWithdrawalRow,
  saveChainFacts,
  selectDeposit,
  selectDepositPage,
  selectWithdrawal,
  selectWithdrawalPage,
  type DepositRow,
  type WithdrawalRow,
} from './funding.repo';
import { withdrawals } from './funding.tables';
import { toWithdrawal } from './withdrawals.service';

type Decision =
  { decision: 'approve'; payoutRef?: string | undefined } | { decision: 'reject'; reason: string };
type ReviewState = DepositRow['state'];

const CUSTODY = { owner: 'system', name: 'custody' } as const;
const FEES = { owner: 'system', name: 'fees' } as const;

const staffDeposit =
  (deps: FundingDeps) =>
  (row: DepositRow, username: string): StaffDeposit => ({
    chainCheck: chainCheckable(deps.chain, row.network),
    ...toDeposit(row),
    userId: row.userId,
    username,
    reviewedBy: row.reviewer,
    lastSix: row.lastSix,
    proofUrl: `/swx/admin/funding/deposits/${row.id}/proof`,
    chain: row.chain ?? null,
  });

function staffWithdrawal(row: WithdrawalRow, username: string): StaffWithdrawal {
  return {
    ...toWithdrawal(row, true),
    userId: row.userId,
    username,
    reviewedBy: row.reviewer,
    valueUsdt: dec(row.valueUsdt).toFixed(),
    needsSecond: row.needsSecond,
    firstApprovedBy: row.firstApprover,
    payoutRef: row.payoutRef,
  };
}

async function named<R extends { userId: number }, T>(
  deps: FundingDeps,
  rows: readonly R[],
  map: (row: R, username: string) => T,
): Promise<T[]> {
  const names = await deps.usernames([...new Set(rows.map((r) => r.userId))]);
  return rows.map((r) => map(r, names.get(r.userId) ?? ''));
}

interface QueueQuery {
  state?: ReviewState | undefined;
  userId?: number | undefined;
  page: number;
  pageSize: number;
}

export async function staffDeposits(deps: FundingDeps, q: QueueQuery) {
  const { rows, total } = await selectDepositPage(deps.db, {
    ...q,
    oldestFirst: q.state === 'pending',
  });
  return {
    list: await named(deps, rows, staffDeposit(deps)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function staffWithdrawals(deps: FundingDeps, q: QueueQuery) {
  const { rows, total } = await selectWithdrawalPage(deps.db, {
    ...q,
    oldestFirst: q.state === 'pending',
  });
  return {
    list: await named(deps, rows, staffWithdrawal),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function oneDeposit(deps: FundingDeps, id: number): Promise<StaffDeposit> {
  const row = await selectDeposit(deps.db, id);
  if (!row) throw new AppError(10101);
  return (await named(deps, [row], staffDeposit(deps)))[0] as StaffDeposit;
}

async function oneWithdrawal(deps: FundingDeps, id: number): Promise<StaffWithdrawal> {
  const row = await selectWithdrawal(deps.db, id);
  if (!row) throw new AppError(10101);
  return (await named(deps, [row], staffWithdrawal))[0] as StaffWithdrawal;
}

/** Why a review did not happen: unknown (10101) or already decided (10146). */
async function notPending(found: unknown): Promise<never> {
  throw new AppError(found ? 10146 : 10101);
}

async function announce(
  deps: FundingDeps,
  userId: number,
  kind: string,
  id: number,
  state: string,
) {
  await publishUserEvent(deps.bus, userId, 'funding', { kind, id, state });
  await publishUserEvent(deps.bus, userId, 'balance', { mode: 'real' });
}

/**
 * Approves a pending deposit (the amount credited from `custody`, the user's first approved
 * deposit marks them funded) or rejects it with a reason. One decision per deposit: two staff
 * members deciding at once, the conditional update lets exactly one through (10146 for the
 * other). Audited and notified in the same transaction.
 */
export async function reviewDepositForStaff(
  deps: FundingDeps,
  actor: StaffActor,
  id: number,
  decision: Decision,
): Promise<StaffDeposit> {
  const at = new Date(deps.markets.now() * 1000);
  const approved = decision.decision === 'approve';
  const { row, note } = await deps.db.transaction(async (tx) => {
    const row = await reviewDepositRow(tx, id, {
      state: approved ? 'approved' : 'rejected',
      reason: approved ? null : decision.reason,
      reviewerId: actor.staffId,
      reviewer: actor.actor,
      reviewedAt: at,
    });
    if (!row) return notPending(await selectDeposit(tx, id));
    const amount = dec(row.amount).toFixed();
    if (approved) {
      await post(tx, {
        kind: 'deposit',
        ref: row.orderNo,
        mode: 'real',
        postings: [
          { account: CUSTODY, asset: row.coin, amount: `-${amount}` },
          {
            account: { owner: 'user', userId: row.userId, bucket: 'available' },
            asset: row.coin,
            amount,
          },
        ],
      });
      await deps.users.markFunded(tx, row.userId, at);
    }
    const note = await addNotification(tx, {
      userId: row.userId,
      kind: approved ? 'deposit_approved' : 'deposit_rejected',
      params: {
        amount,
        coin: row.coin,
        orderNo: row.orderNo,
        ...(approved ? {} : { reason: decision.reason }),
      },
    });
    await recordAudit(tx, {
      ...actor,
      action: approved ? 'deposit.approve' : 'deposit.reject',
      target: `deposit:${row.orderNo}`,
      detail: {
        userId: row.userId,
        coin: row.coin,
        amount,
        ...(approved ? {} : { reason: decision.reason }),
      },
    });
    return { row, note };
  });
  await note.publish(deps.bus);
  await announce(deps, row.userId, 'deposit', row.id, row.state);
  return oneDeposit(deps, id);
}

/** The postings of a paid withdrawal: the frozen amount leaves; `actual` to custody, fee to fees. */
function payout(row: WithdrawalRow): PostingInput[] {
  const user = { owner: 'user', userId: row.userId, bucket: 'frozen' } as const;
  const postings: PostingInput[] = [
    { account: user, asset: row.coin, amount: `-${dec(row.amount).toFixed()}` },
    { account: CUSTODY, asset: row.coin, amount: dec(row.actual).toFixed() },
  ];
  if (dec(row.fee).gt(0))
    postings.push({ account: FEES, asset: row.coin, amount: dec(row.fee).toFixed() });
  return postings;
}

/**
 * Reviews a pending withdrawal. Approval needs a payout reference and pays it out; above the
 * four-eyes threshold the first approval is only recorded and a different finance member must
 * approve (10147 for the same one). Rejection returns the whole amount to available. Each ends
 * once: the state change is conditional on the row still being pending, so a withdrawal can
 * never be paid twice or returned twice.
 */
export async function reviewWithdrawalForStaff(
  deps: FundingDeps,
  actor: StaffActor,
  id: number,
  decision: Decision,
): Promise<StaffWithdrawal> {
  const at = new Date(deps.markets.now() * 1000);
  const outcome = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .for('update');
    if (!current || current.state !== 'pending') return notPending(current);
    if (
      decision.decision === 'approve' &&
      current.needsSecond &&
      current.firstApproverId === null
    ) {
      await reviewWithdrawalRow(tx, id, {
        firstApproverId: actor.staffId,
        firstApprover: actor.actor,
      });
      await recordAudit(tx, {
        ...actor,
        action: 'withdrawal.approve.first',
        target: `withdrawal:${current.orderNo}`,
        detail: {
          userId: current.userId,
          amount: dec(current.amount).toFixed(),
          coin: current.coin,
        },
      });
      return undefined;
    }
    if (decision.decision === 'approve' && current.firstApproverId === actor.staffId)
      throw new AppError(10147);
    const payoutRef = decision.decision === 'approve' ? (decision.payoutRef ?? '') : '';
    if (decision.decision === 'approve' && payoutRef === '') {
      throw new AppError(10100, {}, [
        { path: 'payoutRef', code: 'too_small', message: 'a payout reference is required' },
      ]);
    }
    const approved = decision.decision === 'approve';
    const row = await reviewWithdrawalRow(tx, id, {
      state: approved ? 'approved' : 'rejected',
      reason: approved ? null : decision.reason,
      payoutRef: approved ? payoutRef : null,
      reviewerId: actor.staffId,
      reviewer: actor.actor,
      reviewedAt: at,
    });
    if (!row) return notPending(current);
    const amount = dec(row.amount).toFixed();
    await post(tx, {
      kind: approved ? 'withdraw.pay' : 'withdraw.return',
      ref: row.orderNo,
      mode: 'real',
      postings: approved
        ? payout(row)
        : [
            {
              account: { owner: 'user', userId: row.userId, bucket: 'frozen' },
              asset: row.coin,
              amount: `-${amount}`,
            },
            {
              account: { owner: 'user', userId: row.userId, bucket: 'available' },
              asset: row.coin,
              amount,
            },
          ],
    });
    const note = await addNotification(tx, {
      userId: row.userId,
      kind: approved ? 'withdrawal_approved' : 'withdrawal_rejected',
      params: {
        amount,
        coin: row.coin,
        orderNo: row.orderNo,
        ...(approved ? { actual: dec(row.actual).toFixed() } : { reason: decision.reason }),
      },
    });
    await recordAudit(tx, {
      ...actor,
      action: approved ? 'withdrawal.approve' : 'withdrawal.reject',
      target: `withdrawal:${row.orderNo}`,
      detail: {
        userId: row.userId,
        coin: row.coin,
        amount,
        ...(approved ? { payoutRef } : { reason: decision.reason }),
      },
    });
    return { row, note };
  });
  if (outcome) {
    await outcome.note.publish(deps.bus);
    await announce(deps, outcome.row.userId, 'withdrawal', outcome.row.id, outcome.row.state);
  }
  return oneWithdrawal(deps, id);
}

/** Asks the chain about a deposit's transaction (read calls only) and keeps the answer on it. */
export async function checkChainForStaff(deps: FundingDeps, id: number): Promise<StaffDeposit> {
  const row = await selectDeposit(deps.db, id);
  if (!row) throw new AppError(10101);
  if (!chainCheckable(deps.chain, row.network)) throw new AppError(10126);
  const facts = await chainFacts(deps.chain, row, new Date(deps.markets.now() * 1000));
  await saveChainFacts(deps.db, id, facts);
  return oneDeposit(deps, id);
}
