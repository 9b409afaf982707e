import {
  ADMIN_DEPOSIT_PROOF_PATH,
  checkDepositChain,
  listAdminDepositAddresses,
  listStaffDeposits,
  listStaffWithdrawals,
  reviewDeposit,
  reviewWithdrawal,
  saveDepositAddress,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { listAddressesForStaff, readProof, saveAddressForStaff } from './deposits.service';
import type { FundingDeps } from './funding.deps';
import {
  checkChainForStaff,
  reviewDepositForStaff,
  reviewWithdrawalForStaff,
  staffDeposits,
  staffWithdrawals,
} from './review.service';

const tags = ['admin'];
const finance = { auth: 'staff' as const, roles: ['finance' as const] };

/** The finance section of the back office: addresses, the deposit and withdrawal queues. */
export function fundingAdminRoutes(deps: FundingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listAdminDepositAddresses.path,
      { config: finance, schema: { tags, response: { 200: listAdminDepositAddresses.reply } } },
      async (request) => ok(request, await listAddressesForStaff(deps)),
    );
    app.post(
      saveDepositAddress.path,
      {
        config: finance,
        schema: {
          tags,
          body: saveDepositAddress.body,
          response: { 200: saveDepositAddress.reply },
        },
      },
      async (request) =>
        ok(request, await saveAddressForStaff(deps, staffActorOf(request), request.body), 20005),
    );
    app.get(
      listStaffDeposits.path,
      {
        config: finance,
        schema: {
          tags,
          querystring: listStaffDeposits.query,
          response: { 200: listStaffDeposits.reply },
        },
      },
      async (request) => ok(request, await staffDeposits(deps, request.query)),
    );
    app.get(
      ADMIN_DEPOSIT_PROOF_PATH,
      {
        config: finance,
        schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) },
      },
      async (request, reply) => {
        const file = await readProof(deps, request.params.id);
        return reply
          .header('content-type', file.mime)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(file.bytes);
      },
    );
    app.post(
      reviewDeposit.path,
      {
        config: finance,
        schema: {
          tags,
          params: reviewDeposit.params,
          body: reviewDeposit.body,
          response: { 200: reviewDeposit.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await reviewDepositForStaff(deps, staffActorOf(request), request.params.id, request.body),
        ),
    );
    app.post(
      checkDepositChain.path,
      {
        config: finance,
        schema: {
          tags,
          params: checkDepositChain.params,
          response: { 200: checkDepositChain.reply },
        },
      },
      async (request) => ok(request, await checkChainForStaff(deps, request.params.id)),
    );
    app.get(
      listStaffWithdrawals.path,
      {
        config: finance,
        schema: {
          tags,
          querystring: listStaffWithdrawals.query,
          response: { 200: listStaffWithdrawals.reply },
        },
      },
      async (request) => ok(request, await staffWithdrawals(deps, request.query)),
    );
    app.post(
      reviewWithdrawal.path,
      {
        config: finance,
        schema: {
          tags,
          params: reviewWithdrawal.params,
          body: reviewWithdrawal.body,
          response: { 200: reviewWithdrawal.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await reviewWithdrawalForStaff(
            deps,
            staffActorOf(request),
            request.params.id,
            request.body,
          ),
        ),
    );
  };
}
