import { paths } from '../../shared/navigation/paths';

/**
 * Google sign-in as an OpenID Connect implicit request (`response_type=id_token`): Google sends
 * the browser back to /api/loginCallback/google with `#id_token=...&state=...`, and the server
 * verifies the ID token against Google's keys. `state` (checked here) ties the answer to a
 * request this tab made; `nonce` (inside the signed token) ties the token to it.
 */

const STORAGE_KEY = 'swx.auth.google';
/** A started sign-in is good for this long; Google's own page rarely takes a minute. */
export const GOOGLE_ATTEMPT_TTL_MS = 15 * 60_000;

export interface PendingGoogleSignIn {
  state: string;
  nonce: string;
  /** Where to go after signing in. */
  returnPath: string;
  startedAt: number;
}

/** 256 random bits, base64url. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function googleRedirectUri(origin: string): string {
  return `${origin}${paths.googleCallback}`;
}

/** The authorization request; the server gives the endpoint (`authorizeUrl`) and client ID. */
export function buildAuthorizeUrl(input: {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  locale: string;
}): string {
  const url = new URL(input.authorizeUrl);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  url.searchParams.set('nonce', input.nonce);
  url.searchParams.set('prompt', 'select_account');
  // Google's own pages in the reader's language.
  url.searchParams.set('hl', input.locale);
  return url.toString();
}

/** Remembers the attempt for the return page and gives the address to send the browser to. */
export function startGoogleSignIn(input: {
  authorizeUrl: string;
  clientId: string;
  origin: string;
  locale: string;
  returnPath: string;
  now?: number;
}): string {
  const pending: PendingGoogleSignIn = {
    state: randomToken(),
    nonce: randomToken(),
    returnPath: input.returnPath,
    startedAt: input.now ?? Date.now(),
  };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  return buildAuthorizeUrl({
    authorizeUrl: input.authorizeUrl,
    clientId: input.clientId,
    redirectUri: googleRedirectUri(input.origin),
    state: pending.state,
    nonce: pending.nonce,
    locale: input.locale,
  });
}

/** Reads and forgets the started attempt: each state is good for one answer only. */
export function takePendingGoogleSignIn(): PendingGoogleSignIn | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingGoogleSignIn> | null;
    if (
      typeof value?.state === 'string' &&
      typeof value.nonce === 'string' &&
      typeof value.returnPath === 'string' &&
      typeof value.startedAt === 'number'
    ) {
      return {
        state: value.state,
        nonce: value.nonce,
        returnPath: value.returnPath,
        startedAt: value.startedAt,
      };
    }
  } catch {
    // Unreadable: treated as no attempt.
  }
  return null;
}

export interface GoogleFragment {
  idToken: string | null;
  state: string | null;
  error: string | null;
}

/** `#id_token=...&state=...` or `#error=access_denied&state=...`. */
export function parseGoogleFragment(hash: string): GoogleFragment {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    idToken: params.get('id_token'),
    state: params.get('state'),
    error: params.get('error'),
  };
}

/** The `nonce` claim of an ID token (read only; the server checks the signature). */
export function idTokenNonce(idToken: string): string | null {
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims = JSON.parse(json) as { nonce?: unknown } | null;
    return typeof claims?.nonce === 'string' ? claims.nonce : null;
  } catch {
    return null;
  }
}

export type GoogleCallbackProblem =
  /** The user closed or declined Google's page. */
  | 'cancelled'
  /** Google answered with another error. */
  | 'provider'
  /** No attempt of this tab, an old one, or a state or nonce that does not match. */
  | 'state'
  /** An answer without a token. */
  | 'token';

export type GoogleCallbackCheck =
  | { ok: true; idToken: string; nonce: string; returnPath: string }
  | { ok: false; problem: GoogleCallbackProblem; returnPath: string | null };

/** Decides what the return page does with Google's answer, before anything is sent. */
export function checkGoogleCallback(
  fragment: GoogleFragment,
  pending: PendingGoogleSignIn | null,
  now: number = Date.now(),
): GoogleCallbackCheck {
  const returnPath = pending?.returnPath ?? null;
  const stateMatches =
    pending !== null &&
    fragment.state !== null &&
    fragment.state === pending.state &&
    now - pending.startedAt <= GOOGLE_ATTEMPT_TTL_MS;
  if (fragment.error) {
    // A cancel is only reported as one when it answers this tab's request.
    if (!stateMatches) return { ok: false, problem: 'state', returnPath };
    return {
      ok: false,
      problem: fragment.error === 'access_denied' ? 'cancelled' : 'provider',
      returnPath,
    };
  }
  if (!stateMatches) return { ok: false, problem: 'state', returnPath };
  if (!fragment.idToken) return { ok: false, problem: 'token', returnPath };
  if (idTokenNonce(fragment.idToken) !== pending.nonce) {
    return { ok: false, problem: 'state', returnPath };
  }
  return {
    ok: true,
    idToken: fragment.idToken,
    nonce: pending.nonce,
    returnPath: pending.returnPath,
  };
}
