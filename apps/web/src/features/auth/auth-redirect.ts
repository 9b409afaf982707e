import { paths } from '../../shared/navigation/paths';

/** Where a login goes when nothing says otherwise. */
export const DEFAULT_AFTER_LOGIN = paths.profile;

const AUTH_PATHS: readonly string[] = [
  paths.login,
  paths.register,
  paths.reset,
  paths.wallet,
  paths.googleCallback,
];

/**
 * A place inside this app to return to, or null. Only a path on this origin is accepted
 * (`/x`, never `//host`, `/\host` or `https://...`: no open redirect), and never one of the
 * sign-in pages themselves (no loop back to the login form).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is being refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, 'http://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://app.invalid') return null;
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PATHS.includes(pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where the user came from: `?redirect=` on the address, else the router state a guard left
 * (`{ from: '/path' }` or `{ from: location }`), else the account home.
 */
export function returnPathFrom(search: string, state: unknown): string {
  const fromQuery = safeReturnPath(new URLSearchParams(search).get('redirect'));
  if (fromQuery) return fromQuery;
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from: unknown = state.from;
    if (typeof from === 'string') return safeReturnPath(from) ?? DEFAULT_AFTER_LOGIN;
    if (typeof from === 'object' && from !== null) {
      const { pathname, search: query, hash } = from as Record<string, unknown>;
      if (typeof pathname === 'string') {
        const text = `${pathname}${typeof query === 'string' ? query : ''}${typeof hash === 'string' ? hash : ''}`;
        return safeReturnPath(text) ?? DEFAULT_AFTER_LOGIN;
      }
    }
  }
  return DEFAULT_AFTER_LOGIN;
}

/** `/pass/register?redirect=...`: links between the sign-in pages keep the way back. */
export function withReturnPath(path: string, returnPath: string): string {
  return returnPath === DEFAULT_AFTER_LOGIN
    ? path
    : `${path}?${new URLSearchParams({ redirect: returnPath }).toString()}`;
}
