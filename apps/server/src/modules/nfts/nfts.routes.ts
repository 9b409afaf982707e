import { buyNft, getNft, listMyNft, listNft, NFT_IMAGE_PATH } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { selectItem } from './nfts.repo';
import { buyItem, getItem, listItems, myNfts, type NftDeps } from './nfts.service';

const tags = ['nfts'];
/** Bids and purchases are real money only: demo mode is refused ("switch to a real account"). */
const customer = { auth: 'user' as const, realOnly: true };

export function nftsRoutes(deps: NftDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listNft.path,
      { schema: { tags, querystring: listNft.query, response: { 200: listNft.reply } } },
      async (request) => ok(request, await listItems(deps, request.query)),
    );
    app.get(
      getNft.path,
      { schema: { tags, params: getNft.params, response: { 200: getNft.reply } } },
      async (request) => ok(request, await getItem(deps, request.params.id)),
    );
    app.get(
      NFT_IMAGE_PATH,
      { schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) } },
      async (request, reply) => {
        const item = await selectItem(deps.db, request.params.id);
        const bytes = item ? await deps.store.get(item.imageKey) : undefined;
        // Refused with the usual envelope, like every other reply that finds nothing.
        if (!item || !bytes) throw new AppError(10101);
        return reply
          .header('content-type', item.imageType)
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
    app.get(
      listMyNft.path,
      { config: customer, schema: { tags, response: { 200: listMyNft.reply } } },
      async (request) => ok(request, await myNfts(deps, userIdOf(request))),
    );
    app.post(
      buyNft.path,
      {
        config: { ...customer, idempotent: true },
        schema: { tags, body: buyNft.body, response: { 200: buyNft.reply } },
      },
      async (request) => ok(request, await buyItem(deps, userIdOf(request), request.body)),
    );
  };
}
