import { getLiabilityProof, listLiabilityRoots, listLiabilityRootsAdmin } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import * as liabilities from './liabilities.service';

const tags = ['liabilities'];

export function liabilitiesRoutes(deps: liabilities.LiabilitiesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listLiabilityRoots.path,
      {
        schema: {
          tags,
          querystring: listLiabilityRoots.query,
          response: { 200: listLiabilityRoots.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await liabilities.listRoots(deps.db, request.query.page, request.query.pageSize),
        ),
    );
    app.get(
      getLiabilityProof.path,
      {
        config: { auth: 'user' as const },
        schema: {
          tags,
          querystring: getLiabilityProof.query,
          response: { 200: getLiabilityProof.reply },
        },
      },
      async (request) =>
        ok(request, await liabilities.proofOf(deps.db, userIdOf(request), request.query.day)),
    );
    app.get(
      listLiabilityRootsAdmin.path,
      {
        config: { auth: 'staff' as const, roles: ['admin' as const, 'finance' as const] },
        schema: {
          tags,
          querystring: listLiabilityRootsAdmin.query,
          response: { 200: listLiabilityRootsAdmin.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await liabilities.listRoots(deps.db, request.query.page, request.query.pageSize),
        ),
    );
  };
}
