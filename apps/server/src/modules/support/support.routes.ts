import {
  getSupportConversation,
  getSupportUnread,
  leaveSupportMessage,
  listSupportMessages,
  readSupport,
  sendSupportImage,
  sendSupportMessage,
  SUPPORT_IMAGE_PATH,
} from '@swx/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, isAppError } from '../../platform/errors';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import {
  customerConversation,
  customerHistory,
  customerImage,
  customerReads,
  customerUnread,
  customerWrites,
  storeImage,
  visitorWrites,
  type SupportDeps,
} from './support.service';

const tags = ['support'];
const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** Per signed-in session (the bearer token), else per address. */
const bySession = (request: FastifyRequest) => request.headers.authorization ?? request.ip;
export const MESSAGE_LIMIT = { max: 20, timeWindow: 60_000, keyGenerator: bySession };
export const IMAGE_LIMIT = { max: 10, timeWindow: 600_000, keyGenerator: bySession };

/** The one image of a multipart upload (field `image`), within the size limit. */
export async function readImagePart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(10113);
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 2 },
    })) {
      if (part.type === 'file' && part.fieldname === 'image' && !image) {
        image = await part.toBuffer();
      } else if (part.type === 'file') {
        await part.toBuffer().catch(() => undefined);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(10123);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(10166);
    if (isAppError(error)) throw error;
    // Anything else is a form that does not parse (no boundary, cut short, a bad part header).
    throw new AppError(10100);
  }
  if (!image) throw new AppError(10166);
  return image;
}

export function sendImageBytes(reply: FastifyReply, file: { bytes: Buffer; mime: string }) {
  return reply
    .header('content-type', file.mime)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(file.bytes);
}

/** The customer's side of online support, and a visitor's message. */
export function supportRoutes(deps: SupportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { auth: 'user' as const };
    app.get(
      getSupportConversation.path,
      { config: user, schema: { tags, response: { 200: getSupportConversation.reply } } },
      async (request) => ok(request, await customerConversation(deps, userIdOf(request))),
    );
    app.get(
      listSupportMessages.path,
      {
        config: user,
        schema: {
          tags,
          querystring: listSupportMessages.query,
          response: { 200: listSupportMessages.reply },
        },
      },
      async (request) =>
        ok(request, await customerHistory(deps, userIdOf(request), request.query.before)),
    );
    app.post(
      sendSupportMessage.path,
      {
        config: { ...user, idempotent: true, rateLimit: MESSAGE_LIMIT },
        schema: {
          tags,
          body: sendSupportMessage.body,
          response: { 200: sendSupportMessage.reply },
        },
      },
      async (request) => {
        const who = { userId: userIdOf(request), locale: request.locale, mode: request.mode };
        return ok(request, await customerWrites(deps, who, { text: request.body.text }));
      },
    );
    app.post(
      sendSupportImage.path,
      {
        config: { ...user, idempotent: true, rateLimit: IMAGE_LIMIT },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: sendSupportImage.reply },
        },
      },
      async (request) => {
        const image = await storeImage(deps, await readImagePart(request, deps.maxBytes));
        const who = { userId: userIdOf(request), locale: request.locale, mode: request.mode };
        return ok(request, await customerWrites(deps, who, { image }));
      },
    );
    app.post(
      readSupport.path,
      {
        config: user,
        schema: { tags, body: readSupport.body, response: { 200: readSupport.reply } },
      },
      async (request) =>
        ok(request, await customerReads(deps, userIdOf(request), request.body.upTo)),
    );
    app.get(
      getSupportUnread.path,
      { config: user, schema: { tags, response: { 200: getSupportUnread.reply } } },
      async (request) => ok(request, await customerUnread(deps, userIdOf(request))),
    );
    app.get(
      SUPPORT_IMAGE_PATH,
      { config: user, schema: { tags, params: IdParam } },
      async (request, reply) =>
        sendImageBytes(reply, await customerImage(deps, userIdOf(request), request.params.id)),
    );
    app.post(
      leaveSupportMessage.path,
      {
        config: { rateLimit: { max: 5, timeWindow: 3_600_000 } },
        schema: {
          tags,
          body: leaveSupportMessage.body,
          response: { 200: leaveSupportMessage.reply },
        },
      },
      async (request) =>
        ok(request, await visitorWrites(deps, { ...request.body, locale: request.locale })),
    );
  };
}
