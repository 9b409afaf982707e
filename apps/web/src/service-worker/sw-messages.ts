/**
 * What the page tells its worker (`postMessage`). The worker treats every message as untrusted
 * input: anything that does not parse is ignored.
 */
export type PageMessage =
  /** The reader's language and theme, for the offline page (the worker cannot read storage). */
  | { type: 'prefs'; locale: string; theme: 'light' | 'dark' | undefined }
  /** Build files the page loaded before the worker controlled it, to be cached if cacheable. */
  | { type: 'cache-loaded'; urls: string[] };

/** How many addresses one `cache-loaded` message may carry (a page loads about a dozen). */
export const MAX_CACHE_LOADED_URLS = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function parsePageMessage(data: unknown): PageMessage | undefined {
  if (!isRecord(data)) return undefined;
  if (data.type === 'prefs' && typeof data.locale === 'string' && data.locale.length <= 16) {
    const theme = data.theme === 'light' || data.theme === 'dark' ? data.theme : undefined;
    return { type: 'prefs', locale: data.locale, theme };
  }
  if (data.type === 'cache-loaded' && Array.isArray(data.urls)) {
    const urls = data.urls
      .filter((url): url is string => typeof url === 'string' && url.length <= 2048)
      .slice(0, MAX_CACHE_LOADED_URLS);
    return { type: 'cache-loaded', urls };
  }
  return undefined;
}
