import { getParamByKey } from '@swx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/reply';
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
