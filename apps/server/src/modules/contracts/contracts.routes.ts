import { buyU, listUOrder, stopU } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import type { TradingDeps } from '../triggers';
import { buyContract, listContracts, stopContract } from './contracts.service';

const tags = ['contract'];

export function contractsRoutes(deps: TradingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      buyU.path,
      {
        config: { auth: 'user', idempotent: true },
        schema: { tags, body: buyU.body, response: { 200: buyU.reply } },
      },
      async (request) =>
        ok(request, await buyContract(deps, userIdOf(request), request.mode, request.body)),
    );
    app.post(
      stopU.path,
      {
        config: { auth: 'user', idempotent: true },
        schema: { tags, body: stopU.body, response: { 200: stopU.reply } },
      },
      async (request) => ok(request, await stopContract(deps, userIdOf(request), request.body.id)),
    );
    app.get(
      listUOrder.path,
      {
        config: { auth: 'user' },
        schema: { tags, querystring: listUOrder.query, response: { 200: listUOrder.reply } },
      },
      async (request) =>
        ok(request, await listContracts(deps, userIdOf(request), request.mode, request.query)),
    );
  };
}
