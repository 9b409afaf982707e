import { listOutbox } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/reply';
import { selectOutbox } from './messaging.repo';

/** The mail and SMS outbox, read by admin and support staff. */
export function messagingAdminRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listOutbox.path,
      {
        config: { auth: 'staff', roles: ['support'] },
        schema: {
          tags: ['admin'],
          querystring: listOutbox.query,
          response: { 200: listOutbox.reply },
        },
      },
      async (request) => {
        const { rows, total } = await selectOutbox(db, request.query);
        return ok(request, {
          list: rows.map((r) => ({
            id: r.id,
            channel: r.channel,
            recipient: r.recipient,
            subject: r.subject,
            body: r.body,
            status: r.status,
            error: r.error,
            createdAt: r.createdAt.toISOString(),
          })),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        });
      },
    );
  };
}
