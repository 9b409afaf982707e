import {
  getAssestInfo,
  getProfitTotal,
  listAssets as listAssetsRoute,
  listTransactions,
  listUserLedger,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import type { TradingDeps, TradingModule } from '../triggers';
import { assetInfo, listAssets, profitTotal, transactions } from './portfolio.service';

const tags = ['account'];

/** Account figures across the trading products: assets and values, results, the ledger record. */
export function portfolioRoutes(
  deps: TradingDeps,
  products: readonly TradingModule[],
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      getAssestInfo.path,
      {
        config: { auth: 'user' },
        schema: { tags, params: getAssestInfo.params, response: { 200: getAssestInfo.reply } },
      },
      async (request) =>
        ok(request, await assetInfo(deps, userIdOf(request), request.mode, request.params.id)),
    );
    app.get(
      listAssetsRoute.path,
      { config: { auth: 'user' }, schema: { tags, response: { 200: listAssetsRoute.reply } } },
      async (request) => ok(request, await listAssets(deps, userIdOf(request), request.mode)),
    );
    app.get(
      getProfitTotal.path,
      { config: { auth: 'user' }, schema: { tags, response: { 200: getProfitTotal.reply } } },
      async (request) =>
        ok(request, await profitTotal(deps, products, userIdOf(request), request.mode)),
    );
    app.get(
      listTransactions.path,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          querystring: listTransactions.query,
          response: { 200: listTransactions.reply },
        },
      },
      async (request) =>
        ok(request, await transactions(deps, userIdOf(request), request.mode, request.query)),
    );
    app.get(
      listUserLedger.path,
      {
        config: { auth: 'staff', roles: ['finance', 'support'] },
        schema: {
          tags: ['admin'],
          params: listUserLedger.params,
          querystring: listUserLedger.query,
          response: { 200: listUserLedger.reply },
        },
      },
      async (request) => {
        const { mode, page, pageSize } = request.query;
        return ok(request, await transactions(deps, request.params.id, mode, { page, pageSize }));
      },
    );
  };
}
