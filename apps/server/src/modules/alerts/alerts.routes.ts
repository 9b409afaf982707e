import { addAlert, deleteAlert, listAlert } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import * as alerts from './alerts.service';

const tags = ['alerts'];
const user = { auth: 'user' as const };

export function alertsRoutes(deps: alerts.AlertDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      listAlert.path,
      { config: user, schema: { tags, response: { 200: listAlert.reply } } },
      async (request) => ok(request, await alerts.listAlerts(deps, userIdOf(request))),
    );
    app.post(
      addAlert.path,
      { config: user, schema: { tags, body: addAlert.body, response: { 200: addAlert.reply } } },
      async (request) => ok(request, await alerts.addAlert(deps, userIdOf(request), request.body)),
    );
    app.post(
      deleteAlert.path,
      {
        config: user,
        schema: { tags, body: deleteAlert.body, response: { 200: deleteAlert.reply } },
      },
      async (request) =>
        ok(request, await alerts.deleteAlert(deps, userIdOf(request), request.body.id)),
    );
  };
}
