import { listAudit, verifyAudit } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../platform/db';
import { ok } from '../../platform/reply';
import { listAuditEntries, verifyAuditChain } from './audit.service';

export function auditRoutes(db: Executor): FastifyPluginAsyncZod {
  const config = { auth: 'staff' as const, roles: ['admin' as const] };
  return async (app) => {
    app.get(
      listAudit.path,
      {
        config,
        schema: {
          tags: ['admin'],
          querystring: listAudit.query,
          response: { 200: listAudit.reply },
        },
      },
      async (request) => ok(request, await listAuditEntries(db, request.query)),
    );
    app.get(
      verifyAudit.path,
      { config, schema: { tags: ['admin'], response: { 200: verifyAudit.reply } } },
      async (request) => ok(request, await verifyAuditChain(db)),
    );
  };
}
