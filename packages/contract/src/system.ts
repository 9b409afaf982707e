import { z } from 'zod';
import { envelope } from './common';
import { route } from './route';

/** GET /swx/customer/index/getParamByKey/{key} */
export const getParamByKey = route({
  method: 'GET',
  path: '/swx/customer/index/getParamByKey/:key',
  params: z.object({
    key: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9_]+$/),
  }),
  reply: envelope(z.object({ paramValue: z.string() })),
});

export const Health = z.object({ status: z.literal('ok') });
export const Readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.enum(['ok', 'fail'])),
});
