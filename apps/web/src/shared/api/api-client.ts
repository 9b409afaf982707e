import { ErrorReply, successCodes, type RouteContract } from '@swx/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { fillPath, serialiseQuery } from './request-url';

export const REQUEST_TIMEOUT_MS = 90_000;

type Field<Schema, Name extends string> = Schema extends z.ZodType
  ? object extends z.input<Schema>
    ? { [K in Name]?: z.input<Schema> }
    : { [K in Name]: z.input<Schema> }
  : { [K in Name]?: undefined };

/** What a call of route R takes: its path params, query and body, each typed by the contract. */
export type InputOf<R extends RouteContract> = Field<R['params'], 'params'> &
  Field<R['query'], 'query'> &
  Field<R['body'], 'body'>;

export type ReplyOf<R extends RouteContract> = z.output<R['reply']>;
export type ResultOf<R extends RouteContract> = ReplyOf<R> extends { result: infer T } ? T : never;

export interface CallOptions {
  signal?: AbortSignal;
  /** For money-moving POSTs; a fresh key is made when the route is idempotent and none is given. */
  idempotencyKey?: string;
  /**
   * A multipart body for a POST route without a JSON body (uploads such as KYC images). The
   * browser sets the content type with its boundary.
   */
  formData?: FormData;
  /**
   * The bearer token to send instead of the session's: a logout ends a session this tab has
   * already forgotten. Such a call is never cancelled by the session's end.
   */
  token?: string;
}

export interface ApiClientDeps {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  token: () => string | null;
  accountMode: () => 'real' | 'demo';
  locale: () => string;
  /** A 401 (HTTP status or body code): the session is over. */
  onUnauthorized: () => void;
  /**
   * A signal that aborts when `token` stops being the session's (logout, another login). A call
   * made with that token is then cancelled and fails as a 401 without ending the session again:
   * a reply to it could only be the server's 401 once the logout is through.
   */
  sessionSignal?: (token: string) => AbortSignal;
}

const SUCCESS_CODES = new Set<number>([200, ...Object.keys(successCodes).map(Number)]);

function bodyCode(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'number' && Number.isInteger(code) ? code : null;
}

function bodyMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const msg = (body as { msg?: unknown }).msg;
  return typeof msg === 'string' && msg.trim() ? msg : null;
}

export interface ApiClient {
  /** The whole parsed envelope (`code` may be a 2000x success with a message). */
  request<R extends RouteContract>(
    route: R,
    input: InputOf<R>,
    options?: CallOptions,
  ): Promise<ReplyOf<R>>;
  /** The parsed `result` of a successful reply. */
  call<R extends RouteContract>(
    route: R,
    input: InputOf<R>,
    options?: CallOptions,
  ): Promise<ResultOf<R>>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const baseUrl = deps.baseUrl ?? '';

  async function request<R extends RouteContract>(
    route: R,
    input: InputOf<R>,
    options: CallOptions = {},
  ): Promise<ReplyOf<R>> {
    const parts: {
      params?: Readonly<Record<string, unknown>>;
      query?: Readonly<Record<string, unknown>>;
      body?: unknown;
    } = input;
    const { params, query, body } = parts;
    const url = `${baseUrl}${fillPath(route.path, params)}${route.method === 'GET' ? serialiseQuery(query) : ''}`;

    const headers: Record<string, string> = {
      accept: 'application/json',
      lang: deps.locale(),
      'X-Account-Mode': deps.accountMode(),
    };
    const explicitToken = options.token !== undefined;
    const token = options.token ?? deps.token();
    if (token) headers.authorization = `Bearer ${token}`;
    const multipart = route.method === 'POST' ? options.formData : undefined;
    if (route.method === 'POST' && !multipart) headers['content-type'] = 'application/json';
    if (route.idempotent)
      headers['idempotency-key'] = options.idempotencyKey ?? crypto.randomUUID();

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const cancel = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', cancel, { once: true });
    const sessionEnded = token && !explicitToken ? deps.sessionSignal?.(token) : undefined;
    if (sessionEnded?.aborted) controller.abort();
    sessionEnded?.addEventListener('abort', cancel, { once: true });

    const failure = (cause: unknown) =>
      sessionEnded?.aborted && !options.signal?.aborted
        ? new ApiError({ kind: 'http', code: 401, cause })
        : new ApiError({
            kind: timedOut ? 'timeout' : options.signal?.aborted ? 'aborted' : 'network',
            cause,
          });
    // A late 401 for a token this tab no longer uses must not end the session that replaced it.
    const unauthorized = () => {
      if (!sessionEnded?.aborted) deps.onUnauthorized();
    };

    let response: Response;
    let payload: unknown;
    try {
      const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
      try {
        response = await fetchImpl(url, {
          method: route.method,
          headers,
          body: multipart ?? (route.method === 'POST' ? JSON.stringify(body ?? {}) : undefined),
          signal: controller.signal,
          credentials: 'same-origin',
        });
      } catch (error) {
        throw failure(error);
      }
      if (response.status === 401) {
        unauthorized();
        throw new ApiError({ kind: 'http', code: 401, status: 401 });
      }
      try {
        payload = await response.json();
      } catch (error) {
        if (timedOut || options.signal?.aborted) throw failure(error);
        payload = undefined;
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
      sessionEnded?.removeEventListener('abort', cancel);
    }

    const code = bodyCode(payload);
    if (code === 401) {
      unauthorized();
      throw new ApiError({ kind: 'http', code, status: response.status });
    }
    if (code !== null && SUCCESS_CODES.has(code) && response.ok) {
      const parsed = route.reply.safeParse(payload);
      if (!parsed.success) {
        throw new ApiError({ kind: 'reply', code, status: response.status, cause: parsed.error });
      }
      return parsed.data as ReplyOf<R>;
    }
    const error = ErrorReply.safeParse(payload);
    throw new ApiError({
      kind: 'http',
      code,
      status: response.status,
      serverMessage: bodyMessage(payload),
      requestId: error.success ? (error.data.result?.requestId ?? null) : null,
      fields: error.success ? (error.data.result?.fields ?? []) : [],
    });
  }

  return {
    request,
    async call(route, input, options) {
      const reply = await request(route, input, options);
      return (reply as { result: unknown }).result as never;
    },
  };
}
