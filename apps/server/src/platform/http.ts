import { randomUUID } from 'node:crypto';
import * as contract from '@swx/contract';
import {
  AccountMode,
  isErrorCode,
  validationCodeOf,
  type ErrorCode,
  type RouteContract,
  type StaffRole,
} from '@swx/contract';
import { negotiateLocale, type Locale } from '@swx/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  parseBearer,
  resolveSessionWith,
  type SessionLookup,
  type SessionRow,
  type UserPrincipal,
  type Principal,
  type PrincipalKind,
  type SessionPolicy,
  type StaffActor,
} from './auth';
import type { Executor } from './db';
import { AppError, isAppError, type FieldError } from './errors';
import { messageFor } from './messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call: a logged-in user, a logged-in staff member, or anyone (default). */
    auth?: 'user' | 'staff' | 'optional';
    /** Staff roles allowed (any of them); admin is always allowed. */
    roles?: readonly StaffRole[];
    /** Refuse demo mode (DOMAIN.md: plans, loans, deposits, withdrawals, NFTs). */
    realOnly?: boolean;
    /** A money-moving POST: needs an Idempotency-Key, replays return the first reply. */
    idempotent?: boolean;
    /** Staff routes usable before the one-time password is changed (me, password, logout). */
    allowPendingPassword?: boolean;
  }
  interface FastifyRequest {
    locale: Locale;
    mode: AccountMode;
    principal: Principal | null;
  }
}

export interface PrincipalDirectory {
  /** Active users only; undefined refuses the session (disabled user, deleted row). */
  user(db: Executor, id: number): Promise<UserPrincipal>;
  /**
   * A token's session with, for a user's session, the user as `user` would answer, read in the
   * same statement: every authenticated request asks it, and a round trip fewer is a tenth of an
   * order's (the bench's contract orders made eleven).
   */
  session: SessionLookup<SessionRow & { user: UserPrincipal }>;
  staff(
    db: Executor,
    id: number,
  ): Promise<
    | {
        active: boolean;
        roles: readonly StaffRole[];
        username: string;
        mustChangePassword: boolean;
      }
    | undefined
  >;
}

export interface HttpPlatformDeps {
  db: Executor;
  policyOf: (principal: PrincipalKind) => SessionPolicy;
  directory: PrincipalDirectory;
}

const API_PREFIXES = ['/swx/', '/ws', '/docs', '/metrics', '/healthz', '/readyz'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AppError,
): FastifyReply {
  return reply.status(error.statusCode).send({
    code: error.code,
    msg: messageFor(request.locale ?? 'en', error.code, error.params),
    result: error.fields.length > 0 ? { fields: error.fields } : null,
  });
}

function validationFields(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  // Paths are relative to the part that failed; query and path parameters are prefixed so a form
  // can tell them from body fields.
  const part =
    error.validationContext === 'querystring'
      ? 'query'
      : error.validationContext === 'params'
        ? 'params'
        : '';
  return error.validation.map((v) => ({
    path: [part, v.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
    code: v.keyword,
    message: v.message ?? v.keyword,
  }));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isRouteContract(value: unknown): value is RouteContract {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'reply' in value
  );
}

/** Every route of the contract by `METHOD path`, for the catalogue codes of its fields. */
const contractRoutes = new Map<string, RouteContract>(
  Object.values(contract as Record<string, unknown>).flatMap((r): [string, RouteContract][] =>
    isRouteContract(r) ? [[`${r.method} ${r.path}`, r]] : [],
  ),
);

/** The validation failure of a request, with the catalogue code its route gives the field. */
function validationError(request: FastifyRequest, error: FastifyError): AppError {
  const fields = validationFields(error);
  const route = contractRoutes.get(`${request.method} ${request.routeOptions.url ?? ''}`);
  const code = validationCodeOf(
    route,
    fields.map((f) => f.path),
  );
  return new AppError(code, {}, fields);
}

/** The path of the first string (value or key) in `value` with a NUL character, if any. */
function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (typeof value !== 'object' || value === null || depth > 20) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulPath(inner, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Request context, guards, and the error envelope for every reply. */
export function installHttpPlatform(app: FastifyInstance, deps: HttpPlatformDeps): void {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('mode', 'real');
  app.decorateRequest('principal', null);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    request.locale = negotiateLocale(
      headerValue(request.headers['lang']),
      headerValue(request.headers['accept-language']),
    );
    const rawMode = headerValue(request.headers['x-account-mode']);
    const mode = rawMode === undefined || rawMode === '' ? 'real' : rawMode.toLowerCase();
    const parsed = AccountMode.safeParse(mode);
    if (!parsed.success) {
      return done(
        new AppError(10100, {}, [
          { path: 'X-Account-Mode', code: 'invalid_value', message: 'expected "real" or "demo"' },
        ]),
      );
    }
    request.mode = parsed.data;
    done();
  });

  /** Who holds the bearer token, if anyone: the principal is set on the request. */
  const authenticate = async (request: FastifyRequest, token: string) => {
    const session = await resolveSessionWith(deps.directory.session, deps.db, token, deps.policyOf);
    if (session?.principal === 'user') {
      const user = session.user;
      if (user?.active) {
        request.principal = { kind: 'user', userId: session.principalId, sessionId: session.id };
        // Staff can turn a customer's demo mode off; demo requests then stop at once.
        if (
          request.mode === 'demo' &&
          !user.demoEnabled &&
          request.routeOptions.config.auth === 'user'
        ) {
          throw new AppError(10111);
        }
      }
    } else if (session?.principal === 'staff') {
      const member = await deps.directory.staff(deps.db, session.principalId);
      if (member?.active) {
        request.principal = {
          kind: 'staff',
          staffId: session.principalId,
          username: member.username,
          roles: member.roles,
          mustChangePassword: member.mustChangePassword,
          sessionId: session.id,
        };
      }
    }
  };

  /** What the route asks of the caller and of the input; throws the refusal. */
  const guard = (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    const needs = config.auth;
    if (needs === 'user' && request.principal?.kind !== 'user') throw new AppError(401);
    if (needs === 'staff') {
      const principal = request.principal;
      if (principal?.kind !== 'staff') throw new AppError(401);
      if (principal.mustChangePassword && !config.allowPendingPassword) throw new AppError(10114);
      const allowed = config.roles;
      if (
        allowed &&
        !principal.roles.includes('admin') &&
        !allowed.some((r) => principal.roles.includes(r))
      ) {
        throw new AppError(10108);
      }
    }
    if (config.realOnly && request.mode === 'demo') throw new AppError(10107);
    // A NUL character cannot be stored in a text column: refused here, for every route.
    const nul =
      nulPath(request.params, 'params') ??
      nulPath(request.query, 'query') ??
      nulPath(request.body, '');
    if (nul !== undefined) {
      throw new AppError(10100, {}, [
        { path: nul, code: 'invalid_string', message: 'contains a NUL character' },
      ]);
    }
  };

  // Before body validation: a caller without a session learns 401, not the shape of the body.
  // Without a bearer token nothing is looked up, so the guard runs at once (a public read waits
  // for nothing); a throw there is the hook's error.
  app.addHook('preValidation', (request, _reply, done) => {
    const token = parseBearer(headerValue(request.headers.authorization));
    if (!token) {
      guard(request);
      return done();
    }
    authenticate(request, token)
      .then(() => guard(request))
      .then(() => done(), done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, validationError(request, error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply does not match its contract');
      return sendError(request, reply, new AppError(10102, { requestId: request.id }));
    }
    const status = error.statusCode ?? 500;
    const mapped: ErrorCode | undefined =
      status === 413
        ? 10112
        : status === 415
          ? 10113
          : status === 429
            ? 10103
            : status >= 400 && status < 500
              ? 10100
              : undefined;
    if (mapped !== undefined && isErrorCode(mapped)) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      return sendError(request, reply, new AppError(mapped));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError(10102, { requestId: request.id }));
  });
}

/** The signed-in staff member of a staff route, as recorded in the audit log. */
export function staffActorOf(request: FastifyRequest): StaffActor & { sessionId: number } {
  const p = request.principal;
  if (p?.kind !== 'staff') throw new AppError(401);
  return { staffId: p.staffId, actor: p.username, ip: request.ip, sessionId: p.sessionId };
}

export function newRequestId(): string {
  return randomUUID();
}

/** The logged-in customer of a user route. */
export function userIdOf(request: FastifyRequest): number {
  const p = request.principal;
  if (p?.kind !== 'user') throw new AppError(401);
  return p.userId;
}

/** The logged-in customer and their session (password changes keep the caller's session). */
export function userSessionOf(request: FastifyRequest): { userId: number; sessionId: number } {
  const p = request.principal;
  if (p?.kind !== 'user') throw new AppError(401);
  return { userId: p.userId, sessionId: p.sessionId };
}
