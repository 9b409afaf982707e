import { cancelOrder, listBbOrder, submitSpotOrder } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { cancelAwaitingContract } from '../contracts';
import type { TradingDeps } from '../triggers';
import { cancelSpot, listSpot, submitSpot } from './spot.service';

const tags = ['spot'];

export function spotRoutes(deps: TradingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      submitSpotOrder.path,
      {
        config: { auth: 'user', idempotent: true },
        schema: { tags, body: submitSpotOrder.body, response: { 200: submitSpotOrder.reply } },
      },
      async (request) =>
        ok(request, await submitSpot(deps, userIdOf(request), request.mode, request.body)),
    );
    // One cancel route for both kinds of waiting order (spec §7: `chedan`).
    app.post(
      cancelOrder.path,
      {
        config: { auth: 'user', idempotent: true },
        schema: { tags, body: cancelOrder.body, response: { 200: cancelOrder.reply } },
      },
      async (request) => {
        const userId = userIdOf(request);
        const { kind, id } = request.body;
        return ok(
          request,
          kind === 'contract'
            ? await cancelAwaitingContract(deps, userId, request.mode, id)
            : await cancelSpot(deps, userId, id),
        );
      },
    );
    app.get(
      listBbOrder.path,
      {
        config: { auth: 'user' },
        schema: { tags, querystring: listBbOrder.query, response: { 200: listBbOrder.reply } },
      },
      async (request) =>
        ok(request, await listSpot(deps, userIdOf(request), request.mode, request.query)),
    );
  };
}
