import type { Loan } from '@swx/contract';
import { dec } from '@swx/money';
import type { EventBus } from '../../platform/bus';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { post, transferPostings } from '../ledger';
import { addNotification } from '../notifications';
import { lockDueLoans, lockLoan, lockLoansToRemind, updateLoan, type LoanRow } from './loans.repo';
import { damagesPerDay, overdueDaysAt } from './loans.rules';
import { announce, available, LOAN_BOOK, owedAt, toLoan, type LoanDeps } from './loans.service';

/**
 * Posts a repayment of what the loan owes at `at` from available to the loan book (principal,
 * interest and damages each under its own reason, so the records show them apart) and ends it.
 * Throws 10092 when available is short (nothing changes).
 */
async function settle(tx: Tx, row: LoanRow, at: Date): Promise<LoanRow> {
  const owed = owedAt(row, at);
  const parts: [string, string][] = [
    ['loan.repay', dec(row.amount).toFixed()],
    ['loan.interest', owed.interest],
    ['loan.damages', owed.damages],
  ];
  for (const [kind, amount] of parts) {
    if (dec(amount).isZero()) continue;
    await post(tx, {
      kind,
      ref: row.loanNo,
      mode: 'real',
      postings: transferPostings(available(row.userId), LOAN_BOOK, row.asset, amount),
    });
  }
  return updateLoan(tx, row.id, {
    state: 'repaid',
    repaidAt: at,
    repaidAmount: owed.total,
    interestPaid: owed.interest,
    damages: owed.damages,
    overdueDays: owed.overdueDays,
  });
}

/** Repays an approved loan now (early, or overdue with its damages); once only (10134). */
export async function repayLoan(deps: LoanDeps, userId: number, id: number): Promise<Loan> {
  const { row, note } = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, id, userId);
    if (!loan) throw new AppError(10101);
    if (loan.state !== 'repaying' && loan.state !== 'expired') throw new AppError(10134);
    const repaid = await settle(tx, loan, deps.now());
    const note = await addNotification(tx, {
      userId,
      kind: 'loan_repaid',
      params: { amount: repaid.repaidAmount ?? '0', asset: repaid.asset, loanNo: repaid.loanNo },
    });
    return { row: repaid, note };
  });
  await announce(deps, row, note);
  return toLoan(row, deps.now());
}

/**
 * The due-date work by `by`, each step once: a repaying loan whose date has come is collected from
 * available when enough (repaid at its due date), else it turns overdue; an overdue loan adds the
 * damages of each overdue day begun. Answers the loans it changed and their notifications.
 */
export async function settleDueLoans(tx: Tx, by: Date, limit = 500) {
  const changed: { row: LoanRow; note?: { publish: (bus: EventBus) => Promise<void> } }[] = [];
  for (const loan of await lockDueLoans(tx, by, limit)) {
    if (loan.state === 'repaying' && loan.dueAt) {
      const collected = await tx
        .transaction((sp) => settle(sp, loan, loan.dueAt!))
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 10092) return undefined;
          throw error;
        });
      if (collected) {
        const note = await addNotification(tx, {
          userId: loan.userId,
          kind: 'loan_repaid',
          params: {
            amount: collected.repaidAmount ?? '0',
            asset: collected.asset,
            loanNo: collected.loanNo,
          },
        });
        changed.push({ row: collected, note });
        continue;
      }
    }
    const overdueDays = overdueDaysAt(loan.dueAt!, by);
    const damages = dec(damagesPerDay(loan.dueAmount, loan.penaltyRate, loan.asset))
      .times(overdueDays)
      .toFixed();
    const row = await updateLoan(tx, loan.id, { state: 'expired', overdueDays, damages });
    const note =
      loan.state === 'repaying'
        ? await addNotification(tx, {
            userId: loan.userId,
            kind: 'loan_overdue',
            params: {
              amount: dec(loan.dueAmount).toFixed(),
              asset: loan.asset,
              loanNo: loan.loanNo,
            },
          })
        : undefined;
    changed.push(note ? { row, note } : { row });
  }
  return changed;
}

/** A day before the due date the borrower is told what will be collected (once per loan). */
export const REMIND_BEFORE_MS = 86_400_000;

/**
 * Borrowers whose repayment date is within a day of `by` and who were not told yet: a
 * `loan_due_soon` notification with the amount that will be collected and when.
 */
export async function remindDueLoans(tx: Tx, by: Date, limit = 500) {
  const notes: { userId: number; publish: (bus: EventBus) => Promise<void> }[] = [];
  for (const loan of await lockLoansToRemind(tx, by, REMIND_BEFORE_MS, limit)) {
    await updateLoan(tx, loan.id, { remindedAt: by });
    const note = await addNotification(tx, {
      userId: loan.userId,
      kind: 'loan_due_soon',
      params: {
        amount: dec(loan.dueAmount).toFixed(),
        asset: loan.asset,
        loanNo: loan.loanNo,
        due: `${loan.dueAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      },
    });
    notes.push({ userId: loan.userId, publish: note.publish });
  }
  return notes;
}
