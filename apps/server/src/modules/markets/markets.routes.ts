import {
  getKValueByCodeAndDate,
  getMarketInfo,
  getPlatformStats,
  getTradingHours,
  listAdminInstruments,
  listMarketByType,
  updateInstrument,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { EncodedBody } from '../../platform/encoded-body';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { listInstrumentsForStaff, updateInstrumentForStaff } from './markets.admin';
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
  const encoded = new Map<string, Promise<EncodedBody>>();
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
      async (request, reply) => {
        // The list is the same for every caller within a second (about 27 KB for crypto):
        // checked against the contract and encoded once, to UTF-8 bytes (and compressed once for
        // callers that accept it), then sent as is. The promise is what is kept, so the callers
        // that arrive while a new second's body is being made wait for that one body: each of
        // them made and compressed its own (up to fifty a second under the bench's load).
        const key = `${request.query.type ?? 'all'}|${request.locale}|${hub.version}|${Math.floor(hub.now())}`;
        let body = encoded.get(key);
        if (body === undefined) {
          body = listMarkets(hub, request.query.type, request.locale).then((list) =>
            EncodedBody.json(listMarketByType.reply.parse(ok(request, list))),
          );
          if (encoded.size > 64) encoded.clear();
          encoded.set(key, body);
          body.catch(() => encoded.delete(key));
        }
        return (await body).send(request, reply);
      },
    );
    app.get(
      getMarketInfo.path,
      { schema: { tags, params: getMarketInfo.params, response: { 200: getMarketInfo.reply } } },
      async (request) =>
        ok(
          request,
          await marketInfo(hub, request.params.id, request.locale, await stats.feeRates()),
        ),
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
      async (request) => ok(request, await candles(hub, request.query)),
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

/** The instruments section of the back office (admin); `onChanged` reloads every node's hub. */
export function marketsAdminRoutes(db: Db, onChanged: () => Promise<void>): FastifyPluginAsyncZod {
  const config = { auth: 'staff' as const, roles: ['admin' as const] };
  return async (app) => {
    app.get(
      listAdminInstruments.path,
      { config, schema: { tags: ['admin'], response: { 200: listAdminInstruments.reply } } },
      async (request) => ok(request, await listInstrumentsForStaff(db)),
    );
    app.post(
      updateInstrument.path,
      {
        config,
        schema: {
          tags: ['admin'],
          params: updateInstrument.params,
          body: updateInstrument.body,
          response: { 200: updateInstrument.reply },
        },
      },
      async (request) => {
        const instrument = await updateInstrumentForStaff(
          db,
          staffActorOf(request),
          request.params.id,
          request.body,
        );
        await onChanged();
        return ok(request, instrument, 20005);
      },
    );
  };
}
