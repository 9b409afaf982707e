import { currentLocale } from '../i18n/i18n';
import { session } from '../session/session-store';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

let unauthorizedHandler: () => void = () => {};

/** The app router registers where a 401 sends the user (the login page). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The session's token and a signal that aborts when it stops being the session's. */
let current = { token: session.get().token, ended: new AbortController() };
session.subscribe(() => {
  const token = session.get().token;
  if (token === current.token) return;
  current.ended.abort();
  current = { token, ended: new AbortController() };
});

/** The one API client of the customer app: same origin, session headers, reply parsing. */
export const api = createApiClient({
  token: () => session.get().token,
  accountMode: () => session.get().mode,
  locale: currentLocale,
  onUnauthorized: () => {
    session.clear();
    unauthorizedHandler();
  },
  // Calls still in flight with a token that has ended are cancelled: after a logout the server
  // would answer them 401, which the browser reports as an error.
  sessionSignal: (token) => (token === current.token ? current.ended.signal : AbortSignal.abort()),
});

/**
 * A private file of the logged-in user (a route that answers with bytes, not an envelope), with
 * the same session headers as the API client; a 401 ends the session as it does there.
 */
export async function fetchPrivateFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const { token, mode } = session.get();
  const headers: Record<string, string> = { 'X-Account-Mode': mode, lang: currentLocale() };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers, signal, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError({ kind: signal?.aborted ? 'aborted' : 'network', cause: error });
  }
  // A 401 ends the session that asked, not one that replaced it meanwhile.
  if (response.status === 401 && session.get().token === token) {
    session.clear();
    unauthorizedHandler();
  }
  if (!response.ok) throw new ApiError({ kind: 'http', status: response.status });
  return response.blob();
}
