import {
  getKValueByCodeAndDate,
  getMarketInfo,
  getPlatformStats,
  getTradingHours,
  listMarketByType,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply';
import type { MarketHub } from './market-hub';
import {
  candles,
  listMarkets,
  marketInfo,
  platformStats,
  type StatsSources,
} from './markets.service';
import { tradingHours } from './markets.service';

export function marketsRoutes(hub: MarketHub, stats: StatsSources): FastifyPluginAsyncZod {
  const tags = ['index'];
  return async (app) => {
    app.get(
      listMarketByType.path,
      {
        schema: {
          tags,
          querystring: listMarketByType.query,
          response: { 200: listMarketByType.reply },
        },
      },
      async (request) => ok(request, listMarkets(hub, request.query.type, request.locale)),
    );
    app.get(
      getMarketInfo.path,
      { schema: { tags, params: getMarketInfo.params, response: { 200: getMarketInfo.reply } } },
      async (request) => ok(request, marketInfo(hub, request.params.id, request.locale)),
    );
    app.get(
      getKValueByCodeAndDate.path,
      {
        schema: {
          tags,
          querystring: getKValueByCodeAndDate.query,
          response: { 200: getKValueByCodeAndDate.reply },
        },
      },
      async (request) => ok(request, candles(hub, request.query)),
    );
    app.get(
      getPlatformStats.path,
      { schema: { tags, response: { 200: getPlatformStats.reply } } },
      async (request) => ok(request, await platformStats(hub, stats)),
    );
    app.get(
      getTradingHours.path,
      {
        schema: { tags, params: getTradingHours.params, response: { 200: getTradingHours.reply } },
      },
      async (request) => ok(request, tradingHours(hub, request.params.code)),
    );
  };
}
