import {
  createContent,
  getAdminContent,
  getContentsById,
  listAdminContents,
  listContents,
  listFaq,
  listNotices,
  saveContentTranslation,
  updateContent,
} from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../platform/db';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import {
  adminCreateContent,
  adminGetContent,
  adminListContents,
  adminSaveTranslation,
  adminUpdateContent,
  getPublished,
  listFaq as listFaqEntries,
  listNotices as listNoticeSummaries,
  listPages,
} from './content.service';

/** Help centre and footer content for customers, in the caller's language with English fallback. */
export function contentRoutes(db: Executor): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listContents.path,
      {
        schema: {
          tags: ['index'],
          params: listContents.params,
          response: { 200: listContents.reply },
        },
      },
      async (request) => ok(request, await listPages(db, request.params.type, request.locale)),
    );
    app.get(
      getContentsById.path,
      {
        schema: {
          tags: ['index'],
          params: getContentsById.params,
          response: { 200: getContentsById.reply },
        },
      },
      async (request) => ok(request, await getPublished(db, request.params.id, request.locale)),
    );
    app.get(
      listFaq.path,
      { schema: { tags: ['index'], querystring: listFaq.query, response: { 200: listFaq.reply } } },
      async (request) =>
        ok(request, await listFaqEntries(db, request.locale, request.query.q || undefined)),
    );
    app.get(
      listNotices.path,
      {
        schema: {
          tags: ['index'],
          querystring: listNotices.query,
          response: { 200: listNotices.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await listNoticeSummaries(db, request.locale, request.query.page, request.query.pageSize),
        ),
    );
  };
}

/** Content management for staff (admin, support); every change is audited. */
export function contentAdminRoutes(db: Db): FastifyPluginAsyncZod {
  const config = { auth: 'staff' as const, roles: ['support' as const] };
  const tags = ['admin'];
  return async (app) => {
    app.get(
      listAdminContents.path,
      {
        config,
        schema: {
          tags,
          querystring: listAdminContents.query,
          response: { 200: listAdminContents.reply },
        },
      },
      async (request) => ok(request, await adminListContents(db, request.query.kind)),
    );
    app.get(
      getAdminContent.path,
      {
        config,
        schema: { tags, params: getAdminContent.params, response: { 200: getAdminContent.reply } },
      },
      async (request) => ok(request, await adminGetContent(db, request.params.id)),
    );
    app.post(
      createContent.path,
      {
        config,
        schema: { tags, body: createContent.body, response: { 200: createContent.reply } },
      },
      async (request) =>
        ok(request, await adminCreateContent(db, staffActorOf(request), request.body)),
    );
    app.post(
      updateContent.path,
      {
        config,
        schema: {
          tags,
          params: updateContent.params,
          body: updateContent.body,
          response: { 200: updateContent.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await adminUpdateContent(db, staffActorOf(request), request.params.id, request.body),
          20005,
        ),
    );
    app.post(
      saveContentTranslation.path,
      {
        config,
        schema: {
          tags,
          params: saveContentTranslation.params,
          body: saveContentTranslation.body,
          response: { 200: saveContentTranslation.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await adminSaveTranslation(
            db,
            staffActorOf(request),
            request.params.id,
            request.params.locale,
            request.body,
          ),
          20005,
        ),
    );
  };
}
