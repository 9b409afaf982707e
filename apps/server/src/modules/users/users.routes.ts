import { randomBytes } from 'node:crypto';
import {
  bindContact,
  checkUserNameOrPhone,
  dappNonce,
  getAccountSummary,
  getInviteInfo,
  getUserInfo,
  login,
  loginByDapp,
  loginByGoogle,
  loginMethods,
  logout,
  register,
  repassword,
  repasswordTx,
  setAntiPhishing,
  resetDemo,
  sendCode,
  updateSettings,
} from '@swx/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAddress } from 'ethers';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { userIdOf, userSessionOf } from '../../platform/http';
import { ok } from '../../platform/reply';
import { createGoogleVerifier, GOOGLE_ISSUERS } from './google-id-token';
import { twoFactorRoutes } from './two-factor.routes';
import { buildSiweMessage, verifySiweLogin } from './siwe-login';
import { insertNonce, useNonce } from './users.repo';
import { SIWE_NONCE_TTL_SECONDS } from './users.rules';
import * as codes from './codes.service';
import * as credentials from './credentials.service';
import * as sessions from './sessions.service';
import * as accounts from './users.service';
import type { AccountsDeps, ClientInfo } from './users.service';

const tags = ['login'];
const userTags = ['user'];

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}

/** The site the user sees: PUBLIC_URL when set, else the Host the browser asked for. */
function siteOf(config: Config, request: FastifyRequest): { domain: string; origin: string } {
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    return { domain: url.host, origin: url.origin };
  }
  const host = request.host;
  return { domain: host, origin: `${request.protocol}://${host}` };
}

export function usersRoutes(deps: AccountsDeps, config: Config): FastifyPluginAsyncZod {
  const { db } = deps;
  // Per client address, on top of the per-account throttle (10119) and the global limit.
  const loginLimit = { rateLimit: { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };
  const codeLimit = {
    rateLimit: {
      max: Math.max(1, Math.ceil(config.LOGIN_RATE_LIMIT_PER_MINUTE / 2)),
      timeWindow: 60_000,
    },
  };
  const google = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({
        clientId: config.GOOGLE_CLIENT_ID,
        // Google signs with either spelling of its issuer; a configured other issuer is exact.
        issuer: GOOGLE_ISSUERS.includes(config.GOOGLE_ISSUER)
          ? GOOGLE_ISSUERS
          : config.GOOGLE_ISSUER,
        jwksUrl: config.GOOGLE_JWKS_URL,
      })
    : undefined;

  return async (app) => {
    await app.register(twoFactorRoutes(deps, { loginLimit, clientOf }));
    app.get(
      checkUserNameOrPhone.path,
      {
        config: codeLimit,
        schema: {
          tags,
          querystring: checkUserNameOrPhone.query,
          response: { 200: checkUserNameOrPhone.reply },
        },
      },
      async (request) => ok(request, { available: await accounts.isAvailable(db, request.query) }),
    );
    app.post(
      sendCode.path,
      {
        config: { auth: 'optional', ...codeLimit },
        schema: { tags, body: sendCode.body, response: { 200: sendCode.reply } },
      },
      async (request) => {
        const p = request.principal;
        return ok(
          request,
          await codes.sendCode(
            deps,
            request.body,
            p?.kind === 'user' ? p.userId : undefined,
            request.locale,
          ),
        );
      },
    );
    app.post(
      register.path,
      {
        config: codeLimit,
        schema: { tags, body: register.body, response: { 200: register.reply } },
      },
      async (request) =>
        ok(request, await sessions.register(deps, request.body, clientOf(request))),
    );
    app.post(
      login.path,
      { config: loginLimit, schema: { tags, body: login.body, response: { 200: login.reply } } },
      async (request) => ok(request, await sessions.login(deps, request.body, clientOf(request))),
    );
    app.post(
      logout.path,
      { config: { auth: 'user' }, schema: { tags, response: { 200: logout.reply } } },
      async (request) => {
        await sessions.logout(db, userSessionOf(request).sessionId);
        return ok(request, null);
      },
    );
    app.get(
      loginMethods.path,
      { schema: { tags, response: { 200: loginMethods.reply } } },
      async (request) =>
        ok(request, {
          google: config.GOOGLE_CLIENT_ID
            ? { clientId: config.GOOGLE_CLIENT_ID, authorizeUrl: config.GOOGLE_AUTHORIZE_URL }
            : null,
          wallet: config.WALLET_LOGIN,
          sms: deps.messenger.smsConfigured,
        }),
    );
    app.post(
      loginByGoogle.path,
      {
        config: loginLimit,
        schema: { tags, body: loginByGoogle.body, response: { 200: loginByGoogle.reply } },
      },
      async (request) => {
        if (!google) throw new AppError(10126);
        const identity = await google.verify(
          request.body.idToken,
          request.body.nonce ? { nonce: request.body.nonce } : {},
        );
        return ok(
          request,
          await sessions.loginByIdentity(
            deps,
            { kind: 'google', ...identity },
            request.body.inviteCode,
            clientOf(request),
          ),
        );
      },
    );
    app.post(
      dappNonce.path,
      {
        config: loginLimit,
        schema: { tags, body: dappNonce.body, response: { 200: dappNonce.reply } },
      },
      async (request) => {
        if (!config.WALLET_LOGIN) throw new AppError(10126);
        const now = new Date();
        const expiresAt = new Date(now.getTime() + SIWE_NONCE_TTL_SECONDS * 1000);
        // EIP-4361 nonces are at least 8 alphanumeric characters; 96 random bits here.
        const nonce = randomBytes(12).toString('hex');
        const address = getAddress(request.body.address);
        const site = siteOf(config, request);
        await insertNonce(db, { nonce, address: address.toLowerCase(), expiresAt });
        const message = buildSiweMessage({
          domain: site.domain,
          uri: site.origin,
          address,
          chainId: request.body.chainId,
          nonce,
          issuedAt: now,
          expirationTime: expiresAt,
        });
        return ok(request, { message, nonce, expiresAt: expiresAt.toISOString() });
      },
    );
    app.post(
      loginByDapp.path,
      {
        config: loginLimit,
        schema: { tags, body: loginByDapp.body, response: { 200: loginByDapp.reply } },
      },
      async (request) => {
        if (!config.WALLET_LOGIN) throw new AppError(10126);
        const now = new Date();
        const verified = await verifySiweLogin({
          message: request.body.message,
          signature: request.body.signature,
          expectedDomain: siteOf(config, request).domain,
          now,
          rpcUrl: config.ETH_RPC_URL,
        });
        // The nonce must be one this server issued for this address, unused and unexpired.
        const issued = await useNonce(db, verified.nonce, now);
        if (issued?.address !== verified.address.toLowerCase()) throw new AppError(10121);
        return ok(
          request,
          await sessions.loginByIdentity(
            deps,
            { kind: 'wallet', address: verified.address },
            request.body.inviteCode,
            clientOf(request),
          ),
        );
      },
    );

    // ---- the user's own account ----
    const user = { auth: 'user' as const };
    app.post(
      getUserInfo.path,
      { config: user, schema: { tags: userTags, response: { 200: getUserInfo.reply } } },
      async (request) => ok(request, await accounts.getUserInfo(db, userIdOf(request))),
    );
    app.post(
      repassword.path,
      {
        config: { auth: 'optional', ...loginLimit },
        schema: { tags: userTags, body: repassword.body, response: { 200: repassword.reply } },
      },
      async (request) => {
        const body = request.body;
        if (body.type === 'reset') await credentials.resetPassword(deps, body);
        else await credentials.changePassword(deps, userSessionOf(request), body);
        return ok(request, null, 20005);
      },
    );
    app.post(
      repasswordTx.path,
      {
        config: user,
        schema: { tags: userTags, body: repasswordTx.body, response: { 200: repasswordTx.reply } },
      },
      async (request) => {
        await credentials.setWithdrawPassword(deps, userIdOf(request), request.body);
        return ok(request, null, 20005);
      },
    );
    app.post(
      setAntiPhishing.path,
      {
        config: user,
        schema: {
          tags: userTags,
          body: setAntiPhishing.body,
          response: { 200: setAntiPhishing.reply },
        },
      },
      async (request) =>
        ok(
          request,
          await credentials.setAntiPhishingCode(deps, userIdOf(request), request.body),
          20005,
        ),
    );
    app.post(
      bindContact.path,
      {
        config: user,
        schema: { tags: userTags, body: bindContact.body, response: { 200: bindContact.reply } },
      },
      async (request) =>
        ok(request, await credentials.bindContact(deps, userIdOf(request), request.body), 20005),
    );
    app.post(
      updateSettings.path,
      {
        config: user,
        schema: {
          tags: userTags,
          body: updateSettings.body,
          response: { 200: updateSettings.reply },
        },
      },
      async (request) =>
        ok(request, await accounts.updateSettings(db, userIdOf(request), request.body), 20005),
    );
    app.get(
      getAccountSummary.path,
      { config: user, schema: { tags: userTags, response: { 200: getAccountSummary.reply } } },
      async (request) =>
        ok(request, await accounts.accountSummary(db, userIdOf(request), request.mode)),
    );
    app.post(
      resetDemo.path,
      {
        config: { auth: 'user', idempotent: true },
        schema: { tags: userTags, response: { 200: resetDemo.reply } },
      },
      async (request) => {
        if (request.mode !== 'demo') {
          throw new AppError(10100, {}, [
            { path: 'X-Account-Mode', code: 'demo_only', message: 'switch to demo mode first' },
          ]);
        }
        return ok(request, await accounts.resetDemo(deps, userIdOf(request)));
      },
    );
    app.get(
      getInviteInfo.path,
      { config: user, schema: { tags: userTags, response: { 200: getInviteInfo.reply } } },
      async (request) =>
        ok(
          request,
          await accounts.inviteInfo(deps, userIdOf(request), siteOf(config, request).origin),
        ),
    );
  };
}
