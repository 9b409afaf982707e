import {
  applyLoan,
  downloadLoanAgreement,
  getLoan,
  listLoanProducts,
  listLoanRecord,
  previewLoanAgreement,
  repayLoan,
} from '@swx/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import {
  agreementFile,
  applyLoan as apply,
  getLoan as loanOf,
  listLoans,
  listProducts,
  previewAgreement,
  type LoanDeps,
} from './loans.service';
import { repayLoan as repay } from './loans.repayment';

const tags = ['loans'];
/** Loans are real money only: demo mode is refused ("switch to a real account"). */
const customer = { auth: 'user' as const, realOnly: true };

export function sendPdf(reply: FastifyReply, bytes: Buffer, name: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

export function loansRoutes(deps: LoanDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listLoanProducts.path,
      { schema: { tags, response: { 200: listLoanProducts.reply } } },
      async (request) => ok(request, await listProducts(deps)),
    );
    app.get(
      previewLoanAgreement.path,
      { config: customer, schema: { tags, querystring: previewLoanAgreement.query } },
      async (request, reply) =>
        sendPdf(
          reply,
          await previewAgreement(deps, userIdOf(request), request.query, request.locale),
          'loan-agreement-preview.pdf',
        ),
    );
    app.post(
      applyLoan.path,
      {
        config: { ...customer, idempotent: true },
        schema: { tags, body: applyLoan.body, response: { 200: applyLoan.reply } },
      },
      async (request) =>
        ok(request, await apply(deps, userIdOf(request), request.body, request.locale)),
    );
    app.get(
      listLoanRecord.path,
      {
        config: customer,
        schema: {
          tags,
          querystring: listLoanRecord.query,
          response: { 200: listLoanRecord.reply },
        },
      },
      async (request) => ok(request, await listLoans(deps, userIdOf(request), request.query)),
    );
    app.get(
      getLoan.path,
      {
        config: customer,
        schema: { tags, params: getLoan.params, response: { 200: getLoan.reply } },
      },
      async (request) => ok(request, await loanOf(deps, userIdOf(request), request.params.id)),
    );
    app.post(
      repayLoan.path,
      {
        config: { ...customer, idempotent: true },
        schema: { tags, body: repayLoan.body, response: { 200: repayLoan.reply } },
      },
      async (request) => ok(request, await repay(deps, userIdOf(request), request.body.id)),
    );
    app.get(
      downloadLoanAgreement.path,
      { config: customer, schema: { tags, params: downloadLoanAgreement.params } },
      async (request, reply) => {
        const file = await agreementFile(deps, request.params.id, userIdOf(request));
        return sendPdf(reply, file.bytes, `loan-agreement-${file.loanNo}.pdf`);
      },
    );
  };
}
