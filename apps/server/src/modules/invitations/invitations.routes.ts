import { listCommission, listLevel } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { levelInfo, listCommissions, type InviteDeps } from './invitations.service';

const tags = ['invitations'];

export function invitationsRoutes(deps: InviteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listLevel.path,
      { config: { auth: 'optional' }, schema: { tags, response: { 200: listLevel.reply } } },
      async (request) => {
        const p = request.principal;
        return ok(request, await levelInfo(deps, p?.kind === 'user' ? p.userId : undefined));
      },
    );
    app.get(
      listCommission.path,
      {
        config: { auth: 'user' },
        schema: {
          tags,
          querystring: listCommission.query,
          response: { 200: listCommission.reply },
        },
      },
      async (request) => ok(request, await listCommissions(deps, userIdOf(request), request.query)),
    );
  };
}
