/**
 * Why a call failed: `http` is a reply with an error code (or none: `code` null), `reply` a
 * success reply that did not match the route's schema, `timeout` the 90 s limit, `network` no
 * answer at all, `aborted` the caller cancelled (navigated away).
 */
export type ApiErrorKind = 'http' | 'reply' | 'timeout' | 'network' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  readonly status: number | null;
  /** The server's `msg`, already in the caller's language; used when the catalogue has no entry. */
  readonly serverMessage: string | null;
  readonly requestId: string | null;
  /** Field problems of a validation failure (10100 and some others), by request path. */
  readonly fields: readonly { path: string; message: string }[];

  constructor(init: {
    kind: ApiErrorKind;
    code?: number | null;
    status?: number | null;
    serverMessage?: string | null;
    requestId?: string | null;
    fields?: readonly { path: string; message: string }[];
    cause?: unknown;
  }) {
    super(`API ${init.kind}${init.code != null ? ` ${init.code}` : ''}`, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code ?? null;
    this.status = init.status ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.requestId = init.requestId ?? null;
    this.fields = init.fields ?? [];
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'aborted';
}
