import {
  addWithdrawAddress,
  deleteWithdrawAddress,
  exportLedger,
  listDepositAddresses,
  listRecharge,
  listWithdrwal,
  recharge,
  listWithdrawAddress,
  RechargeFields,
  setWithdrawWhitelist,
  withdrawal,
} from '@swx/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../platform/errors';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { addAddress, addressBook, deleteAddress, setWhitelist } from './address-book.service';
import { listDeposits, listDepositAddresses as addresses, submitDeposit } from './deposits.service';
import { ledgerCsv } from './export.service';
import type { FundingDeps } from './funding.deps';
import { listWithdrawals, submitWithdrawal } from './withdrawals.service';

const tags = ['funding'];
/** Deposits and withdrawals are real money: demo mode is refused (10107). */
const customer = { auth: 'user' as const, realOnly: true };

/** Reads a deposit form: text fields and one image `proof`, within the upload limit. */
async function readDepositForm(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError(10113);
  const fields: Record<string, string> = {};
  let proof: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'proof' && proof === undefined) {
        proof = await part.toBuffer();
      } else {
        await part.toBuffer().catch(() => undefined);
        throw new AppError(10100, {}, [
          { path: part.fieldname, code: 'unexpected_file', message: 'only one image, proof' },
        ]);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(10123);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError(10100);
    if (isAppError(error)) throw error;
    // Anything else is a form that does not parse (no boundary, cut short, a bad part header).
    throw new AppError(10100);
  }
  const parsed = RechargeFields.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.join('.'),
      code: i.code,
      message: i.message,
    }));
    // The catalogue's codes where it has one: an unknown coin or network, a missing amount.
    const first = issues[0]?.path;
    const code =
      first === 'coin' || first === 'network' ? 10144 : first === 'amount' ? 10148 : 10100;
    throw new AppError(code, {}, issues);
  }
  return { fields: parsed.data, proof };
}

export function fundingRoutes(deps: FundingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listWithdrawAddress.path,
      { config: customer, schema: { tags, response: { 200: listWithdrawAddress.reply } } },
      async (request) => ok(request, await addressBook(deps, userIdOf(request))),
    );
    app.post(
      addWithdrawAddress.path,
      {
        config: customer,
        schema: {
          tags,
          body: addWithdrawAddress.body,
          response: { 200: addWithdrawAddress.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await addAddress(
            deps,
            userIdOf(request),
            request.body,
            new Date(deps.markets.now() * 1000),
          ),
          20005,
        ),
    );
    app.post(
      deleteWithdrawAddress.path,
      {
        config: customer,
        schema: {
          tags,
          body: deleteWithdrawAddress.body,
          response: { 200: deleteWithdrawAddress.reply },
        },
      },
      async (request) => ok(request, await deleteAddress(deps, userIdOf(request), request.body.id)),
    );
    app.post(
      setWithdrawWhitelist.path,
      {
        config: customer,
        schema: {
          tags,
          body: setWithdrawWhitelist.body,
          response: { 200: setWithdrawWhitelist.reply },
        },
      },
      async (request) => ok(request, await setWhitelist(deps, userIdOf(request), request.body)),
    );
    app.get(
      listDepositAddresses.path,
      { config: { auth: 'user' }, schema: { tags, response: { 200: listDepositAddresses.reply } } },
      async (request) => ok(request, await addresses(deps)),
    );
    app.post(
      recharge.path,
      {
        config: { ...customer, idempotent: true },
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: recharge.reply } },
      },
      async (request) => {
        const { fields, proof } = await readDepositForm(request, deps.maxBytes);
        return ok(request, await submitDeposit(deps, userIdOf(request), fields, proof), 20002);
      },
    );
    app.get(
      listRecharge.path,
      {
        config: customer,
        schema: { tags, querystring: listRecharge.query, response: { 200: listRecharge.reply } },
      },
      async (request) =>
        ok(
          request,
          await listDeposits(deps, userIdOf(request), request.query.page, request.query.pageSize),
        ),
    );
    app.post(
      withdrawal.path,
      {
        config: { ...customer, idempotent: true },
        schema: { tags, body: withdrawal.body, response: { 200: withdrawal.reply } },
      },
      async (request) =>
        ok(request, await submitWithdrawal(deps, userIdOf(request), request.body), 20003),
    );
    app.get(
      listWithdrwal.path,
      {
        config: customer,
        schema: { tags, querystring: listWithdrwal.query, response: { 200: listWithdrwal.reply } },
      },
      async (request) =>
        ok(
          request,
          await listWithdrawals(
            deps,
            userIdOf(request),
            request.query.page,
            request.query.pageSize,
          ),
        ),
    );
    app.get(
      exportLedger.path,
      { config: customer, schema: { tags, querystring: exportLedger.query } },
      async (request, reply) => {
        const { from, to } = request.query;
        const stream = await ledgerCsv(deps, userIdOf(request), new Date(from), new Date(to));
        const name = `ledger-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  };
}
