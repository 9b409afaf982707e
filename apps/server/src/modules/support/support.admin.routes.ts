import {
  assignSupport,
  closeSupport,
  deleteCannedReply,
  getStaffConversation,
  getStaffSupportSummary,
  listCannedReplies,
  listStaffSupportMessages,
  listSupportAgents,
  listSupportQueue,
  readStaffSupport,
  reopenSupport,
  replySupport,
  replySupportImage,
  saveCannedReply,
  STAFF_SUPPORT_IMAGE_PATH,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { cannedReplies, removeCanned, saveCanned } from './support.canned';
import { IMAGE_LIMIT, MESSAGE_LIMIT, readImagePart, sendImageBytes } from './support.routes';
import { storeImage, type SupportDeps } from './support.service';
import {
  assignConversation,
  closeConversation,
  reopenConversation,
  staffConversation,
  staffHistory,
  staffImage,
  staffQueue,
  staffReads,
  staffReplies,
  staffSummary,
  supportAgents,
} from './support.staff';

const tags = ['admin'];
const agent = { auth: 'staff' as const, roles: ['support' as const, 'admin' as const] };
const admin = { auth: 'staff' as const, roles: ['admin' as const] };
const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** The back office's support desk: queue, conversations, replies, assignment, canned replies. */
export function supportAdminRoutes(deps: SupportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listSupportQueue.path,
      {
        config: agent,
        schema: {
          tags,
          querystring: listSupportQueue.query,
          response: { 200: listSupportQueue.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await staffQueue(deps, { ...request.query, staffId: staffActorOf(request).staffId }),
        ),
    );
    app.get(
      getStaffSupportSummary.path,
      { config: agent, schema: { tags, response: { 200: getStaffSupportSummary.reply } } },
      async (request) => ok(request, await staffSummary(deps, staffActorOf(request).staffId)),
    );
    app.get(
      listSupportAgents.path,
      { config: agent, schema: { tags, response: { 200: listSupportAgents.reply } } },
      async (request) => ok(request, await supportAgents(deps.db)),
    );
    app.get(
      getStaffConversation.path,
      {
        config: agent,
        schema: {
          tags,
          params: getStaffConversation.params,
          response: { 200: getStaffConversation.reply },
        },
      },
      async (request) => ok(request, await staffConversation(deps, request.params.id)),
    );
    app.get(
      listStaffSupportMessages.path,
      {
        config: agent,
        schema: {
          tags,
          params: listStaffSupportMessages.params,
          querystring: listStaffSupportMessages.query,
          response: { 200: listStaffSupportMessages.reply },
        },
      },
      async (request) =>
        ok(request, await staffHistory(deps, request.params.id, request.query.before)),
    );
    app.post(
      replySupport.path,
      {
        config: { ...agent, idempotent: true, rateLimit: MESSAGE_LIMIT },
        schema: {
          tags,
          params: replySupport.params,
          body: replySupport.body,
          response: { 200: replySupport.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await staffReplies(deps, staffActorOf(request), request.params.id, {
            text: request.body.text,
          }),
        ),
    );
    app.post(
      replySupportImage.path,
      {
        config: { ...agent, idempotent: true, rateLimit: IMAGE_LIMIT },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: replySupportImage.params,
          response: { 200: replySupportImage.reply },
        },
      },
      async (request) => {
        const image = await storeImage(deps, await readImagePart(request, deps.maxBytes));
        return ok(
          request,
          await staffReplies(deps, staffActorOf(request), request.params.id, { image }),
        );
      },
    );
    app.post(
      readStaffSupport.path,
      {
        config: agent,
        schema: {
          tags,
          params: readStaffSupport.params,
          body: readStaffSupport.body,
          response: { 200: readStaffSupport.reply },
        },
      },
      async (request) => ok(request, await staffReads(deps, request.params.id, request.body.upTo)),
    );
    app.post(
      assignSupport.path,
      {
        config: agent,
        schema: {
          tags,
          params: assignSupport.params,
          body: assignSupport.body,
          response: { 200: assignSupport.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await assignConversation(
            deps,
            staffActorOf(request),
            request.params.id,
            request.body.staffId,
          ),
        ),
    );
    for (const [contract, change] of [
      [closeSupport, closeConversation],
      [reopenSupport, reopenConversation],
    ] as const) {
      app.post(
        contract.path,
        {
          config: agent,
          schema: { tags, params: contract.params, response: { 200: contract.reply } },
        },
        async (request) =>
          ok(request, await change(deps, staffActorOf(request), request.params.id)),
      );
    }
    app.get(
      STAFF_SUPPORT_IMAGE_PATH,
      { config: agent, schema: { tags, params: IdParam } },
      async (request, reply) => sendImageBytes(reply, await staffImage(deps, request.params.id)),
    );
    app.get(
      listCannedReplies.path,
      { config: agent, schema: { tags, response: { 200: listCannedReplies.reply } } },
      async (request) => ok(request, await cannedReplies(deps.db)),
    );
    app.post(
      saveCannedReply.path,
      {
        config: admin,
        schema: { tags, body: saveCannedReply.body, response: { 200: saveCannedReply.reply } },
      },
      async (request) =>
        ok(request, await saveCanned(deps.db, staffActorOf(request), request.body)),
    );
    app.post(
      deleteCannedReply.path,
      {
        config: admin,
        schema: {
          tags,
          params: deleteCannedReply.params,
          response: { 200: deleteCannedReply.reply },
        },
      },
      async (request) =>
        ok(request, await removeCanned(deps.db, staffActorOf(request), request.params.id)),
    );
  };
}
