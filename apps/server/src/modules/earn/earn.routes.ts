import { buySmart, exitSmart, listSmartOrder, listSmartProducts } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import {
  buySmart as buy,
  exitSmart as exit,
  listOrders,
  listProducts,
  type EarnDeps,
} from './earn.service';

const tags = ['earn'];
/** Smart plans are real money only: demo mode is refused ("switch to a real account"). */
const customer = { auth: 'user' as const, realOnly: true };

export function earnRoutes(deps: EarnDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listSmartProducts.path,
      { schema: { tags, response: { 200: listSmartProducts.reply } } },
      async (request) => ok(request, await listProducts(deps)),
    );
    app.post(
      buySmart.path,
      {
        config: { ...customer, idempotent: true },
        schema: { tags, body: buySmart.body, response: { 200: buySmart.reply } },
      },
      async (request) => ok(request, await buy(deps, userIdOf(request), request.body)),
    );
    app.get(
      listSmartOrder.path,
      {
        config: customer,
        schema: {
          tags,
          querystring: listSmartOrder.query,
          response: { 200: listSmartOrder.reply },
        },
      },
      async (request) => ok(request, await listOrders(deps, userIdOf(request), request.query)),
    );
    app.post(
      exitSmart.path,
      {
        config: { ...customer, idempotent: true },
        schema: { tags, body: exitSmart.body, response: { 200: exitSmart.reply } },
      },
      async (request) => ok(request, await exit(deps, userIdOf(request), request.body.id)),
    );
  };
}
