import { verifyTick } from '@swx/contract';
import { dec } from '@swx/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/reply';
import type { MarketHub } from './market-hub';
import { selectRecordedTick } from './recorded-ticks';

/**
 * Public: the tick that decided an outcome, and, for the simulated feed, the same second's price
 * recomputed from the published seed, so anyone can check that nothing moved it.
 */
export function verifyTickRoutes(db: Executor, markets: MarketHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      verifyTick.path,
      {
        schema: {
          tags: ['markets'],
          params: verifyTick.params,
          response: { 200: verifyTick.reply },
        },
      },
      async (request) => {
        const row = await selectRecordedTick(db, request.params.id);
        if (!row) throw new AppError(10101);
        const instrument = markets.byCodeOf(row.code);
        const precision = instrument?.row.precision;
        const price =
          precision === undefined ? dec(row.price).toFixed() : dec(row.price).toFixed(precision);
        const simulated = row.source === 'simulator' && instrument !== undefined;
        const recomputed = simulated
          ? markets.source.priceAt(instrument.spec, Math.floor(row.ts.getTime() / 1000))
          : null;
        return ok(request, {
          id: row.id,
          code: row.code,
          reason: row.reason,
          recorded: {
            price,
            ts: row.ts.toISOString(),
            source: row.source as 'simulator' | 'live',
          },
          recomputed,
          seed: simulated ? markets.source.seed : null,
          matches: recomputed === null ? null : dec(recomputed).eq(row.price),
        });
      },
    );
  };
}
