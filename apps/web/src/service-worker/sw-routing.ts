/**
 * The service worker's one decision: what it does with a request. Pure (no worker globals), so
 * the table of cases in sw-routing.test.ts is the worker's contract.
 *
 * Invariant: the API (`/swx/…`), the price socket (`/ws`), the back office (`/admin/…`), the API
 * docs and the server's probes are never answered from, nor written to, a cache, whatever the
 * precache list says; neither is any non-GET or cross-origin request. Prices only ever travel
 * through `/swx/` and `/ws`, so this is also the "never cache prices" rule.
 */

/** Path prefixes the worker leaves to the network (mirrors the server's non-app paths). */
export const NEVER_CACHED_PREFIXES = [
  '/swx',
  '/ws',
  '/admin',
  '/docs',
  '/metrics',
  '/healthz',
  '/readyz',
] as const;

/** The worker script and the manifest are the browser's own business (update checks, install). */
const BROWSER_OWNED = new Set(['/sw.js', '/manifest.webmanifest']);

/** Where Vite writes its fingerprinted output: a name there never changes content. */
export const HASHED_ASSET_PREFIX = '/assets/';

export type SwRoute =
  /** Not touched: the browser goes to the network as if there were no worker. */
  | { kind: 'bypass'; reason: 'method' | 'cross-origin' | 'never-cached' | 'not-app' }
  /** A page load: network first, then the cached shell, then the offline page. */
  | { kind: 'navigation' }
  /** A file of the precache list (the shell): cache first. */
  | { kind: 'precached'; path: string }
  /** Another fingerprinted build file (a lazy page chunk, a catalogue): cache first, then stored. */
  | { kind: 'hashed-asset'; path: string };

export interface RequestFacts {
  method: string;
  url: string;
  /** `Request.mode`: `navigate` for page loads. */
  mode: string;
}

export interface RoutingConfig {
  /** The worker's origin (`self.location.origin`). */
  origin: string;
  /** Same-origin paths installed with the worker. */
  precache: ReadonlySet<string>;
}

/** Whether a same-origin path belongs to the API, the socket, the back office or the probes. */
export function isNeverCachedPath(path: string): boolean {
  // Compared the way a lenient server or proxy might read it: decoded, slashes collapsed, any case.
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is compared as written.
  }
  const normal = decoded.replace(/\/{2,}/g, '/').toLowerCase();
  return NEVER_CACHED_PREFIXES.some(
    (prefix) => normal === prefix || normal.startsWith(`${prefix}/`),
  );
}

/** A path with a file extension is a file, never an app route (the server's history rule). */
function looksLikeFile(path: string): boolean {
  return /\.[a-z0-9]{1,12}$/i.test(path);
}

export function routeRequest(request: RequestFacts, config: RoutingConfig): SwRoute {
  if (request.method !== 'GET') return { kind: 'bypass', reason: 'method' };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: 'bypass', reason: 'not-app' };
  }
  if (url.origin !== config.origin) return { kind: 'bypass', reason: 'cross-origin' };
  const path = url.pathname;
  // Checked before the precache list: a poisoned list still cannot put the API in a cache.
  if (isNeverCachedPath(path)) return { kind: 'bypass', reason: 'never-cached' };
  if (BROWSER_OWNED.has(path)) return { kind: 'bypass', reason: 'not-app' };
  if (request.mode === 'navigate') {
    return looksLikeFile(path) ? { kind: 'bypass', reason: 'not-app' } : { kind: 'navigation' };
  }
  // A query string makes it a different resource than the one installed.
  if (url.search === '' && config.precache.has(path)) return { kind: 'precached', path };
  if (url.search === '' && path.startsWith(HASHED_ASSET_PREFIX) && looksLikeFile(path)) {
    return { kind: 'hashed-asset', path };
  }
  return { kind: 'bypass', reason: 'not-app' };
}

/** Whether the worker may write the response for this request into a cache. */
export function isCacheable(
  route: SwRoute,
): route is Extract<SwRoute, { kind: 'precached' | 'hashed-asset' }> {
  return route.kind === 'precached' || route.kind === 'hashed-asset';
}
