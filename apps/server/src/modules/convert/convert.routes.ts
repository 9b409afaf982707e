import { convertCoin, listConvertAssets, listConvertOrder } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import type { TradingDeps } from '../triggers';
import { accept, convertAssets, listConverts, quote } from './convert.service';

const tags = ['convert'];

export function convertRoutes(deps: TradingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      convertCoin.path,
      {
        config: { auth: 'user', idempotent: true },
        schema: { tags, body: convertCoin.body, response: { 200: convertCoin.reply } },
      },
      async (request) => {
        const userId = userIdOf(request);
        const body = request.body;
        return ok(
          request,
          body.step === 'quote'
            ? await quote(deps, userId, request.mode, body)
            : await accept(deps, userId, request.mode, body),
        );
      },
    );
    app.get(
      listConvertOrder.path,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          querystring: listConvertOrder.query,
          response: { 200: listConvertOrder.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await listConverts(
            deps,
            userIdOf(request),
            request.mode,
            request.query.page,
            request.query.pageSize,
          ),
        ),
    );
    app.get(
      listConvertAssets.path,
      { schema: { tags, response: { 200: listConvertAssets.reply } } },
      async (request) => ok(request, convertAssets(deps)),
    );
  };
}
