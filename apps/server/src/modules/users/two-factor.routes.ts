import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactor,
  loginTwoFactor,
  renewRecoveryCodes,
  setupTwoFactor,
} from '@swx/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import * as sessions from './sessions.service';
import * as twoFactor from './two-factor.service';
import type { AccountsDeps, ClientInfo } from './users.service';

/**
 * Two-factor authentication: the second step of a sign-in (throttled like the first) and the
 * customer's own enrolment, recovery codes and switching off, each behind a code once it is on.
 */
export function twoFactorRoutes(
  deps: AccountsDeps,
  options: { loginLimit: object; clientOf: (request: FastifyRequest) => ClientInfo },
): FastifyPluginAsyncZod {
  const tags = ['login'];
  const user = { auth: 'user' as const, rateLimit: { max: 30, timeWindow: 60_000 } };
  return async (app) => {
    app.post(
      loginTwoFactor.path,
      {
        config: options.loginLimit,
        schema: { tags, body: loginTwoFactor.body, response: { 200: loginTwoFactor.reply } },
      },
      async (request) =>
        ok(request, await sessions.loginTwoFactor(deps, request.body, options.clientOf(request))),
    );
    app.get(
      getTwoFactor.path,
      { config: { auth: 'user' }, schema: { tags, response: { 200: getTwoFactor.reply } } },
      async (request) => ok(request, await twoFactor.twoFactorStatus(deps.db, userIdOf(request))),
    );
    app.post(
      setupTwoFactor.path,
      {
        config: user,
        schema: { tags, body: setupTwoFactor.body, response: { 200: setupTwoFactor.reply } },
      },
      async (request) => ok(request, await twoFactor.setupTwoFactor(deps, userIdOf(request))),
    );
    app.post(
      enableTwoFactor.path,
      {
        config: user,
        schema: { tags, body: enableTwoFactor.body, response: { 200: enableTwoFactor.reply } },
      },
      async (request) =>
        ok(request, await twoFactor.enableTwoFactor(deps, userIdOf(request), request.body.code)),
    );
    app.post(
      disableTwoFactor.path,
      {
        config: user,
        schema: { tags, body: disableTwoFactor.body, response: { 200: disableTwoFactor.reply } },
      },
      async (request) =>
        ok(request, await twoFactor.disableTwoFactor(deps, userIdOf(request), request.body.code)),
    );
    app.post(
      renewRecoveryCodes.path,
      {
        config: user,
        schema: {
          tags,
          body: renewRecoveryCodes.body,
          response: { 200: renewRecoveryCodes.reply },
        },
      },
      async (request) =>
        ok(request, await twoFactor.renewRecoveryCodes(deps, userIdOf(request), request.body.code)),
    );
  };
}
