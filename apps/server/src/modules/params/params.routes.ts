import { getParamByKey, listParams, updateParam } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { staffActorOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { listParamsForStaff, updateParamForStaff } from './params.admin';
import type { ParamsReader } from './params.service';

export function paramsRoutes(params: ParamsReader): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/swx/customer/index/getParamByKey/:key',
      {
        schema: {
          tags: ['index'],
          params: getParamByKey.params,
          response: { 200: getParamByKey.reply },
        },
      },
      async (request) => ok(request, { paramValue: await params.get(request.params.key) }),
    );
  };
}

/** The parameters editor (admin); `onChanged` tells every node to drop its cached values. */
export function paramsAdminRoutes(
  db: Db,
  onChanged: (key: string) => Promise<void>,
): FastifyPluginAsyncZod {
  const config = { auth: 'staff' as const, roles: ['admin' as const] };
  return async (app) => {
    app.get(
      listParams.path,
      { config, schema: { tags: ['admin'], response: { 200: listParams.reply } } },
      async (request) => ok(request, await listParamsForStaff(db)),
    );
    app.post(
      updateParam.path,
      {
        config,
        schema: {
          tags: ['admin'],
          params: updateParam.params,
          body: updateParam.body,
          response: { 200: updateParam.reply },
        },
      },
      async (request) => {
        const param = await updateParamForStaff(
          db,
          staffActorOf(request),
          request.params.key,
          request.body.value,
        );
        await onChanged(param.key);
        return ok(request, param, 20005);
      },
    );
  };
}
