import { cancelNft, createNft, listAdminNft, type NftItemInput } from '@swx/contract';
import { dec } from '@swx/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uniqueViolation } from '../../platform/db';
import { AppError, refuseProblems } from '../../platform/errors';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { recordAudit } from '../audit';
import { cleanImage, MIME_OF } from '../kyc';
import { insertItem, selectItemPage } from './nfts.repo';
import { itemProblems } from './nfts.rules';
import { cancelItem, toItem, type NftDeps } from './nfts.service';

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/;

function checked(input: NftItemInput) {
  const problems = itemProblems(input);
  refuseProblems(problems);
}

/** NFT items (admin): created with an image and a schedule, cancelled with refunds; audited. */
export function nftsAdminRoutes(deps: NftDeps): FastifyPluginAsyncZod {
  const config = { auth: 'staff' as const, roles: ['admin' as const] };
  const tags = ['admin'];
  return async (app) => {
    app.get(
      listAdminNft.path,
      {
        config,
        schema: { tags, querystring: listAdminNft.query, response: { 200: listAdminNft.reply } },
      },
      async (request) => {
        const { rows, total } = await selectItemPage(deps.db, {
          ...request.query,
          now: deps.now(),
        });
        const now = deps.now();
        return ok(request, {
          list: rows.map((r) => toItem(r, now)),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        });
      },
    );
    app.post(
      createNft.path,
      {
        config,
        bodyLimit: 4 * 1024 * 1024,
        schema: { tags, body: createNft.body, response: { 200: createNft.reply } },
      },
      async (request) => {
        const { image, ...input } = request.body;
        checked(input);
        const match = DATA_URL.exec(image);
        if (!match?.[2]) throw new AppError(10122);
        const clean = await cleanImage(Buffer.from(match[2], 'base64'), deps.maxBytes);
        if (clean.kind !== 'png' && clean.kind !== 'jpeg') throw new AppError(10122);
        const imageKey = await deps.store.put(clean.bytes, clean.kind === 'png' ? 'png' : 'jpg');
        const actor = staffActorOf(request);
        try {
          const row = await deps.db.transaction(async (tx) => {
            const row = await insertItem(tx, {
              ...input,
              description: input.description,
              imageKey,
              imageType: MIME_OF[clean.kind],
              startingPrice: dec(input.startingPrice).toFixed(),
              bidIncrement: dec(input.bidIncrement).toFixed(),
              buyNowPrice: input.buyNowPrice === null ? null : dec(input.buyNowPrice).toFixed(),
              startsAt: new Date(input.startsAt),
              endsAt: new Date(input.endsAt),
              state: 'open',
              createdBy: actor.actor,
            });
            await recordAudit(tx, {
              ...actor,
              action: 'nft.create',
              target: `nft:${row.id}`,
              detail: { ...input },
            });
            return row;
          });
          return ok(request, toItem(row, deps.now()));
        } catch (error) {
          await deps.store.delete(imageKey);
          if (uniqueViolation(error) === 'nft_items_token') {
            throw new AppError(10100, {}, [
              { path: 'tokenId', code: 'custom', message: 'this token is already listed' },
            ]);
          }
          throw error;
        }
      },
    );
    app.post(
      cancelNft.path,
      { config, schema: { tags, params: cancelNft.params, response: { 200: cancelNft.reply } } },
      async (request) => {
        const actor = staffActorOf(request);
        return ok(
          request,
          await cancelItem(deps, request.params.id, (tx, row) =>
            recordAudit(tx, {
              ...actor,
              action: 'nft.cancel',
              target: `nft:${row.id}`,
              detail: {},
            }).then(() => undefined),
          ),
        );
      },
    );
  };
}
