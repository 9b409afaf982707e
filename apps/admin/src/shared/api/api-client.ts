import { ErrorReply, type RouteContract, successCodes } from '@swx/contract';
import type { z } from 'zod';
import { t } from '../../i18n/translate';
import { UI_LOCALE } from '../../i18n/en';
import { sessionStore } from '../session/session-store';
import { toast } from '../ui/toast-store';
import { ApiError } from './api-error';
import { fillPath, serializeQuery } from './request-url';

/** The back office is served by the API server itself, so every call is same-origin. */
const BASE_URL = '';
export const REQUEST_TIMEOUT_MS = 90_000;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

type ParamsInput<R> = R extends { params: infer P extends z.ZodType }
  ? { params: InputOf<P> }
  : { params?: undefined };
type QueryInput<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: InputOf<Q> }
  : { query?: undefined };
type BodyInput<R> = R extends { body: infer B extends z.ZodType }
  ? { body: InputOf<B> }
  : { body?: undefined };

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The caller shows refusals itself (inline, beside the form). Without it, the server's `msg`
   * appears in a toast. Session expiry (401) is handled either way.
   */
  quiet?: boolean;
  /**
   * For a route marked `idempotent`: the key to send. Reuse it when retrying the same action (a
   * reply lost to the network), so the server does it once. Without it a fresh key is made.
   */
  idempotencyKey?: string;
  /** A multipart body (an image upload) for a POST route without a JSON body. */
  formData?: FormData;
}

export type CallInput<R extends RouteContract> = ParamsInput<R> &
  QueryInput<R> &
  BodyInput<R> &
  CallOptions;

/** What a route's envelope carries in `result` on success. */
export type ResultOf<R extends RouteContract> =
  z.output<R['reply']> extends { result: infer T } ? T : never;

/** A key the server accepts (`[A-Za-z0-9_:-]{8,128}`), unique enough for one caller's actions. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const SUCCESS_CODES = new Set<number>([200, ...Object.keys(successCodes).map(Number)]);
const SESSION_ENDED = 401;
const MUST_CHANGE_PASSWORD = 10114;

function parseInput(schema: z.ZodType | undefined, value: unknown, what: string): unknown {
  if (!schema || value === undefined) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new ApiError('contract', 10100, t('api.invalidInput', { what }), fields);
  }
  return parsed.data;
}

function fail(error: ApiError, quiet: boolean | undefined): never {
  if (error.failure === 'aborted') throw error;
  if (error.code === SESSION_ENDED) {
    if (sessionStore.token()) toast.info(t('session.ended'));
    sessionStore.expire();
  } else {
    if (error.code === MUST_CHANGE_PASSWORD) sessionStore.requirePasswordChange();
    if (!quiet) toast.error(error.message);
  }
  throw error;
}

/**
 * Calls one contract route: fills `:params`, serialises the query, sends the staff token, and
 * parses the reply with the route's own schema (a reply that does not match is an error).
 */
export async function apiCall<R extends RouteContract>(
  route: R,
  input: CallInput<R>,
): Promise<ResultOf<R>> {
  const { signal, quiet, formData } = input;
  const params = parseInput(route.params, input.params, 'path') as Record<string, unknown>;
  const query = parseInput(route.query, input.query, 'query') as Record<string, unknown>;
  const body = parseInput(route.body, input.body, 'body');

  const headers: Record<string, string> = { accept: 'application/json', lang: UI_LOCALE };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (route.idempotent) headers['idempotency-key'] = input.idempotencyKey ?? newIdempotencyKey();

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const url = `${BASE_URL}${fillPath(route.path, params)}${serializeQuery(query)}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      // A FormData body sets its own multipart content type, boundary included.
      body: body === undefined ? (formData ?? null) : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) fail(new ApiError('aborted', 0, t('api.aborted')), true);
    if (timeout.aborted) fail(new ApiError('timeout', 0, t('api.timeout')), quiet);
    fail(new ApiError('network', 0, t('api.network', { detail: String(error) })), quiet);
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    if (response.status === SESSION_ENDED) {
      fail(new ApiError('server', SESSION_ENDED, t('session.ended')), quiet);
    }
    fail(new ApiError('contract', 0, t('api.notJson', { status: response.status })), quiet);
  }

  const code =
    typeof json === 'object' && json !== null && 'code' in json && typeof json.code === 'number'
      ? json.code
      : undefined;

  if (response.status === SESSION_ENDED || code === SESSION_ENDED) {
    const msg = ErrorReply.safeParse(json);
    fail(
      new ApiError('server', SESSION_ENDED, msg.success ? msg.data.msg : t('session.ended')),
      quiet,
    );
  }

  if (code === undefined || !SUCCESS_CODES.has(code)) {
    const refusal = ErrorReply.safeParse(json);
    if (!refusal.success) {
      fail(new ApiError('contract', 0, t('api.badReply', { status: response.status })), quiet);
    }
    const { msg, result } = refusal.data;
    fail(new ApiError('server', refusal.data.code, msg, result?.fields ?? []), quiet);
  }

  const parsed = route.reply.safeParse(json);
  if (!parsed.success) {
    // A reply that breaks the contract is a bug on one side; the issues help whoever fixes it.
    console.warn(
      `reply of ${route.method} ${route.path} does not match the contract`,
      parsed.error.issues,
    );
    fail(new ApiError('contract', 0, t('api.contractMismatch', { path: route.path })), quiet);
  }
  return (parsed.data as { result: ResultOf<R> }).result;
}
