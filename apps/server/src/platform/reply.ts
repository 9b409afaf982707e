import type { SuccessCode } from '@swx/contract';
import type { FastifyRequest } from 'fastify';
import { messageFor } from './messages';
// The request's locale and principal are declared with the HTTP platform.
import type {} from './http';

/** A success envelope. Codes 20001..20005 carry a translated message; 200 says "ok". */
export function ok<T>(request: FastifyRequest, result: T, code: 200 | SuccessCode = 200) {
  return { code, msg: code === 200 ? 'ok' : messageFor(request.locale, code), result };
}
