import { getParamByKey } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../platform/db';
import { ok } from '../../platform/reply';
import { getParamValue } from './params.service';

export function paramsRoutes(db: Executor): FastifyPluginAsyncZod {
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
      async (request) => ok(request, { paramValue: await getParamValue(db, request.params.key) }),
    );
  };
}
