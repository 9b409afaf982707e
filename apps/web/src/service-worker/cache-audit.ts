import { isNeverCachedPath } from './sw-routing';

export interface CacheEntry {
  cache: string;
  url: string;
}

/**
 * The entries of a Cache Storage dump that must never be there: an API reply or anything else
 * under the never-cached paths (prices included), or a response from another origin. The browser
 * test runs it over every cache of a page that has used the app; the unit test feeds it a
 * poisoned dump to show that it catches one.
 */
export function forbiddenCacheEntries(
  entries: readonly CacheEntry[],
  origin: string,
): CacheEntry[] {
  return entries.filter((entry) => {
    let url: URL;
    try {
      url = new URL(entry.url, origin);
    } catch {
      return true;
    }
    return url.origin !== origin || isNeverCachedPath(url.pathname);
  });
}
