import {
  ADMIN_KYC_FILE_PATH,
  getIdentification,
  getKyc,
  identification,
  KYC_FILE_PATH,
  KycFields,
  KycFileSlot,
  listKyc,
  reviewKyc,
} from '@swx/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../platform/bus';
import type { Db } from '../../platform/db';
import { AppError, isAppError } from '../../platform/errors';
import { staffActorOf, userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import type { FileStore } from '../../platform/storage';
import {
  getOwnSubmission,
  getSubmissionDetail,
  listSubmissions,
  readOwnFile,
  readSubmissionFile,
  reviewSubmission,
  submitKyc,
  type UsernameLookup,
} from './kyc.service';

export interface KycRouteDeps {
  db: Db;
  bus: EventBus;
  store: FileStore;
  usernames: UsernameLookup;
  maxBytes: number;
}

const IdParam = z.object({ id: z.coerce.number().int().positive() });
const FileParams = z.object({
  id: z.coerce.number().int().positive(),
  fileId: z.coerce.number().int().positive(),
});

/** Reads the multipart form: text fields and at most one image per slot, each within the limit. */
async function readKycForm(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError(10113);
  const fields: Record<string, string> = {};
  const files = new Map<KycFileSlot, Buffer>();
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 4, fields: 20 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const slot = KycFileSlot.safeParse(part.fieldname);
      if (!slot.success || files.has(slot.data)) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError(10100, {}, [
          {
            path: part.fieldname,
            code: 'unexpected_file',
            message: 'unknown or repeated image slot',
          },
        ]);
      }
      files.set(slot.data, await part.toBuffer());
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(10123);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError(10100);
    if (isAppError(error)) throw error;
    // Anything else is a form that does not parse (no boundary, cut short, a bad part header).
    throw new AppError(10100);
  }
  const parsed = KycFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(
      10100,
      {},
      parsed.error.issues.map((i) => ({
        path: i.path.join('.'),
        code: i.code,
        message: i.message,
      })),
    );
  }
  return { fields: parsed.data, files };
}

function sendImage(reply: FastifyReply, file: { bytes: Buffer; mime: string }) {
  return reply
    .header('content-type', file.mime)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(file.bytes);
}

export function kycRoutes(deps: KycRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      identification.path,
      {
        config: { auth: 'user' },
        schema: {
          tags: ['user'],
          consumes: ['multipart/form-data'],
          response: { 200: identification.reply },
        },
      },
      async (request) => {
        const { fields, files } = await readKycForm(request, deps.maxBytes);
        return ok(request, await submitKyc(deps, userIdOf(request), fields, files), 20001);
      },
    );
    app.get(
      getIdentification.path,
      {
        config: { auth: 'user' },
        schema: { tags: ['user'], response: { 200: getIdentification.reply } },
      },
      async (request) => ok(request, await getOwnSubmission(deps.db, userIdOf(request))),
    );
    app.get(
      KYC_FILE_PATH,
      { config: { auth: 'user' }, schema: { tags: ['user'], params: IdParam } },
      async (request, reply) =>
        sendImage(reply, await readOwnFile(deps, userIdOf(request), request.params.id)),
    );

    const reviewer = { auth: 'staff' as const, roles: ['kyc' as const] };
    app.get(
      listKyc.path,
      {
        config: reviewer,
        schema: { tags: ['admin'], querystring: listKyc.query, response: { 200: listKyc.reply } },
      },
      async (request) => ok(request, await listSubmissions(deps.db, deps.usernames, request.query)),
    );
    app.get(
      getKyc.path,
      {
        config: reviewer,
        schema: { tags: ['admin'], params: getKyc.params, response: { 200: getKyc.reply } },
      },
      async (request) =>
        ok(request, await getSubmissionDetail(deps.db, deps.usernames, request.params.id)),
    );
    app.get(
      ADMIN_KYC_FILE_PATH,
      { config: reviewer, schema: { tags: ['admin'], params: FileParams } },
      async (request, reply) =>
        sendImage(reply, await readSubmissionFile(deps, request.params.id, request.params.fileId)),
    );
    app.post(
      reviewKyc.path,
      {
        config: reviewer,
        schema: {
          tags: ['admin'],
          params: reviewKyc.params,
          body: reviewKyc.body,
          response: { 200: reviewKyc.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await reviewSubmission(deps, staffActorOf(request), request.params.id, request.body),
        ),
    );
  };
}
