import {
  buyOptions,
  getOptionsOrderById,
  listOptionsOrder,
  listOptionsProducts,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import type { TradingDeps } from '../triggers';
import { buyOption, getOrder, listOrders, listProducts } from './options.service';

const tags = ['options'];

export function optionsRoutes(deps: TradingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listOptionsProducts.path,
      {
        schema: {
          tags,
          querystring: listOptionsProducts.query,
          response: { 200: listOptionsProducts.reply },
        },
      },
      async (request) => ok(request, await listProducts(deps, request.query.code)),
    );
    app.post(
      buyOptions.path,
      {
        config: { auth: 'user', idempotent: true },
        schema: { tags, body: buyOptions.body, response: { 200: buyOptions.reply } },
      },
      async (request) =>
        ok(request, await buyOption(deps, userIdOf(request), request.mode, request.body)),
    );
    app.get(
      listOptionsOrder.path,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          querystring: listOptionsOrder.query,
          response: { 200: listOptionsOrder.reply },
        },
      },
      async (request) =>
        ok(request, await listOrders(deps, userIdOf(request), request.mode, request.query)),
    );
    app.get(
      getOptionsOrderById.path,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          params: getOptionsOrderById.params,
          response: { 200: getOptionsOrderById.reply },
        },
      },
      async (request) => ok(request, await getOrder(deps, userIdOf(request), request.params.id)),
    );
  };
}
