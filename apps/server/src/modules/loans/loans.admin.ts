import {
  approveLoan,
  createLoanProduct,
  downloadAdminLoanAgreement,
  listAdminLoanProducts,
  listAdminLoans,
  rejectLoan,
  updateLoanProduct,
  type AdminLoan,
  type AdminLoanProduct,
  type LoanProductInput,
} from '@swx/contract';
import { dec } from '@swx/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffActor } from '../../platform/auth';
import { AppError, refuseProblems } from '../../platform/errors';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { publishUserEvent } from '../../platform/socket-hub';
import { recordAudit } from '../audit';
import { kycStateOf } from '../kyc';
import { post, transferPostings } from '../ledger';
import { addNotification } from '../notifications';
import { usernamesOf } from '../users';
import { sendPdf } from './loans.routes';
import {
  insertProduct,
  lockLoan,
  selectLoanPage,
  selectProduct,
  selectProducts,
  updateLoan,
  updateProduct,
  type LoanProductRow,
  type LoanRow,
} from './loans.repo';
import { DAY_MS, loanProductProblems } from './loans.rules';
import {
  agreementFile,
  LOAN_BOOK,
  platformTerms,
  toLoan,
  toProduct,
  type LoanDeps,
} from './loans.service';

async function toAdminProduct(deps: LoanDeps, row: LoanProductRow): Promise<AdminLoanProduct> {
  return {
    ...toProduct(row, await platformTerms(deps)),
    enabled: row.enabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toAdminLoans(deps: LoanDeps, rows: LoanRow[]): Promise<AdminLoan[]> {
  const names = await usernamesOf(deps.db, [...new Set(rows.map((r) => r.userId))]);
  const now = deps.now();
  return Promise.all(
    rows.map(async (row) => ({
      ...toLoan(row, now),
      userId: row.userId,
      username: names.get(row.userId) ?? '',
      borrowerName: row.borrowerName,
      kycStatus: (await kycStateOf(deps.db, row.userId)).status,
      reviewedBy: row.reviewedBy,
    })),
  );
}

function columnsOf(input: LoanProductInput) {
  const problems = loanProductProblems(input);
  refuseProblems(problems);
  return {
    name: input.name,
    minAmount: dec(input.minAmount).toFixed(),
    maxAmount: dec(input.maxAmount).toFixed(),
    terms: [...input.terms].sort((a, b) => a - b),
    dailyRate: dec(input.dailyRate).toFixed(),
    enabled: input.enabled,
  };
}

async function saveProduct(
  deps: LoanDeps,
  actor: StaffActor,
  id: number | undefined,
  input: LoanProductInput,
): Promise<AdminLoanProduct> {
  const values = columnsOf(input);
  const after = await deps.db.transaction(async (tx) => {
    const before = id === undefined ? undefined : await selectProduct(tx, id);
    if (id !== undefined && !before) throw new AppError(10101);
    const saved =
      id === undefined ? await insertProduct(tx, values) : await updateProduct(tx, id, values);
    if (!saved) throw new AppError(10101);
    await recordAudit(tx, {
      ...actor,
      action: id === undefined ? 'loan.product.create' : 'loan.product.update',
      target: `loanProduct:${saved.id}`,
      detail: { from: before ?? null, to: saved },
    });
    return saved;
  });
  return toAdminProduct(deps, after);
}

/**
 * Decides a pending application once (10146 afterwards): approval pays the principal from the
 * loan book and starts the term now; rejection keeps a reason. Audited and notified.
 */
async function decide(
  deps: LoanDeps,
  actor: StaffActor,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<AdminLoan> {
  const { row, note } = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, id);
    if (!loan) throw new AppError(10101);
    if (loan.state !== 'pending') throw new AppError(10146);
    const now = deps.now();
    let row: LoanRow;
    if (decision.approve) {
      await post(tx, {
        kind: 'loan.disburse',
        ref: loan.loanNo,
        mode: 'real',
        postings: transferPostings(
          LOAN_BOOK,
          { owner: 'user', userId: loan.userId, bucket: 'available' },
          loan.asset,
          dec(loan.amount).toFixed(),
        ),
      });
      row = await updateLoan(tx, loan.id, {
        state: 'repaying',
        approvedAt: now,
        dueAt: new Date(now.getTime() + loan.days * DAY_MS),
        reviewedBy: actor.actor,
      });
    } else {
      row = await updateLoan(tx, loan.id, {
        state: 'rejected',
        reason: decision.reason,
        reviewedBy: actor.actor,
      });
    }
    await recordAudit(tx, {
      ...actor,
      action: decision.approve ? 'loan.approve' : 'loan.reject',
      target: `loan:${loan.loanNo}`,
      detail: decision.approve ? { amount: row.amount, dueAt: row.dueAt } : decision,
    });
    const note = await addNotification(tx, {
      userId: loan.userId,
      kind: decision.approve ? 'loan_approved' : 'loan_rejected',
      params: {
        amount: dec(loan.amount).toFixed(),
        asset: loan.asset,
        loanNo: loan.loanNo,
        ...(decision.approve ? {} : { reason: decision.reason }),
      },
    });
    return { row, note };
  });
  await publishUserEvent(deps.bus, row.userId, 'order', {
    product: 'loan',
    id: row.id,
    state: row.state,
  });
  await publishUserEvent(deps.bus, row.userId, 'balance', { mode: 'real' });
  await note.publish(deps.bus);
  const [admin] = await toAdminLoans(deps, [row]);
  return admin!;
}

/** Loan products (admin) and the review queue (admin and finance). */
export function loansAdminRoutes(deps: LoanDeps): FastifyPluginAsyncZod {
  const admin = { auth: 'staff' as const, roles: ['admin' as const] };
  const review = { auth: 'staff' as const, roles: ['admin' as const, 'finance' as const] };
  const tags = ['admin'];
  return async (app) => {
    app.get(
      listAdminLoanProducts.path,
      { config: admin, schema: { tags, response: { 200: listAdminLoanProducts.reply } } },
      async (request) =>
        ok(
          request,
          await Promise.all(
            (await selectProducts(deps.db, false)).map((r) => toAdminProduct(deps, r)),
          ),
        ),
    );
    app.post(
      createLoanProduct.path,
      {
        config: admin,
        schema: { tags, body: createLoanProduct.body, response: { 200: createLoanProduct.reply } },
      },
      async (request) =>
        ok(request, await saveProduct(deps, staffActorOf(request), undefined, request.body)),
    );
    app.post(
      updateLoanProduct.path,
      {
        config: admin,
        schema: {
          tags,
          params: updateLoanProduct.params,
          body: updateLoanProduct.body,
          response: { 200: updateLoanProduct.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await saveProduct(deps, staffActorOf(request), request.params.id, request.body),
        ),
    );
    app.get(
      listAdminLoans.path,
      {
        config: review,
        schema: {
          tags,
          querystring: listAdminLoans.query,
          response: { 200: listAdminLoans.reply },
        },
      },
      async (request) => {
        const { state, page, pageSize } = request.query;
        const { rows, total } = await selectLoanPage(deps.db, {
          ...(state ? { states: [state] } : {}),
          page,
          pageSize,
        });
        return ok(request, { list: await toAdminLoans(deps, rows), total, page, pageSize });
      },
    );
    app.post(
      approveLoan.path,
      {
        config: review,
        schema: { tags, params: approveLoan.params, response: { 200: approveLoan.reply } },
      },
      async (request) =>
        ok(
          request,
          await decide(deps, staffActorOf(request), request.params.id, { approve: true }),
        ),
    );
    app.post(
      rejectLoan.path,
      {
        config: review,
        schema: {
          tags,
          params: rejectLoan.params,
          body: rejectLoan.body,
          response: { 200: rejectLoan.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await decide(deps, staffActorOf(request), request.params.id, {
            approve: false,
            reason: request.body.reason,
          }),
        ),
    );
    app.get(
      downloadAdminLoanAgreement.path,
      { config: review, schema: { tags, params: downloadAdminLoanAgreement.params } },
      async (request, reply) => {
        const file = await agreementFile(deps, request.params.id);
        return sendPdf(reply, file.bytes, `loan-agreement-${file.loanNo}.pdf`);
      },
    );
  };
}
