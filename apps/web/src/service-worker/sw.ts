/// <reference lib="webworker" />
/**
 * The customer app's service worker, built by scripts/pwa-plugin.ts into dist/sw.js with the
 * precache list and the offline texts written in (`__SWX_SW_BUILD__`).
 *
 * - install: precache the app shell (index.html and the build's code and styles), then take over
 *   at once: every precached name but index.html is fingerprinted, and index.html is only the
 *   offline fallback, so an open tab never mixes two builds through this worker.
 * - activate: delete the shell caches of older builds; enable navigation preload.
 * - fetch: the decision is sw-routing.ts's; the API, the socket, the back office and the docs
 *   are never answered from or written to a cache.
 */
import { directionOf, isLocale, negotiateLocale } from '@swx/i18n/locales';
import { renderOfflinePage, OFFLINE_PAGE_CSP, type OfflineTexts } from './offline-page';
import { parsePageMessage, type PageMessage } from './sw-messages';
import { isCacheable, routeRequest, type RoutingConfig } from './sw-routing';

declare const self: ServiceWorkerGlobalScope;
declare const __SWX_SW_BUILD__: {
  version: string;
  precache: string[];
  offline: Record<string, OfflineTexts>;
};

const build = __SWX_SW_BUILD__;
const SHELL_CACHE_PREFIX = 'swx-shell-';
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${build.version}`;
/** The reader's language and theme outlive a worker restart here (not versioned: kept on update). */
const PREFS_CACHE = 'swx-prefs';
const PREFS_KEY = '/__sw__/prefs';
const SHELL = '/index.html';

const config: RoutingConfig = {
  origin: self.location.origin,
  precache: new Set(build.precache),
};

interface Prefs {
  locale: string;
  theme: 'light' | 'dark' | undefined;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // index.html is revalidated (it is served `no-cache`); fingerprinted files may come from the
      // HTTP cache, their content cannot have changed.
      await cache.addAll(
        build.precache.map(
          (path) =>
            new Request(path, { cache: path.startsWith('/assets/') ? 'default' : 'no-cache' }),
        ),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeRequest(
    { method: request.method, url: request.url, mode: request.mode },
    config,
  );
  // `bypass`: no respondWith, so the browser fetches exactly as if there were no worker.
  if (route.kind === 'navigation') event.respondWith(navigate(event));
  else if (isCacheable(route)) event.respondWith(cacheFirst(event, route.path));
});

self.addEventListener('message', (event) => {
  if (event.origin && event.origin !== self.location.origin) return;
  const message = parsePageMessage(event.data);
  if (message) event.waitUntil(handleMessage(message));
});

async function handleMessage(message: PageMessage): Promise<void> {
  if (message.type === 'prefs') {
    const prefs: Prefs = {
      locale: isLocale(message.locale) ? message.locale : 'en',
      theme: message.theme,
    };
    const cache = await caches.open(PREFS_CACHE);
    await cache.put(
      PREFS_KEY,
      new Response(JSON.stringify(prefs), { headers: { 'content-type': 'application/json' } }),
    );
    return;
  }
  const cache = await caches.open(SHELL_CACHE);
  for (const url of message.urls) {
    const route = routeRequest({ method: 'GET', url, mode: 'cors' }, config);
    if (!isCacheable(route) || (await cache.match(route.path))) continue;
    try {
      const response = await fetch(route.path);
      if (isStorable(response)) await cache.put(route.path, response);
    } catch {
      // Offline again already: the next page load asks for it through the worker anyway.
    }
  }
}

/** Only a whole, same-origin, successful reply is kept. */
function isStorable(response: Response): boolean {
  return response.ok && response.status === 200 && response.type === 'basic';
}

async function navigate(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    const shell = await caches.match(SHELL, { cacheName: SHELL_CACHE });
    return shell ?? offlinePage(event.request);
  }
}

async function cacheFirst(event: FetchEvent, path: string): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(path);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (isStorable(response)) event.waitUntil(cache.put(path, response.clone()));
  return response;
}

async function readPrefs(): Promise<Prefs | undefined> {
  try {
    const stored = await (await caches.open(PREFS_CACHE)).match(PREFS_KEY);
    return stored ? ((await stored.json()) as Prefs) : undefined;
  } catch {
    return undefined;
  }
}

async function offlinePage(request: Request): Promise<Response> {
  const prefs = await readPrefs();
  // The language the reader chose in the app, else the browser's.
  const browser = request.headers.get('accept-language') ?? self.navigator.languages.join(',');
  const locale = negotiateLocale(prefs?.locale, browser);
  const texts = build.offline[locale] ?? build.offline.en;
  if (!texts) return Response.error();
  const url = new URL(request.url);
  const html = renderOfflinePage({
    locale,
    dir: directionOf(locale),
    texts,
    theme: prefs?.theme,
    retryHref: `${url.pathname}${url.search}`,
  });
  // 200, not 503: the page is the answer the reader gets, and an error status would only add a
  // console error to every offline page load.
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': OFFLINE_PAGE_CSP,
      'cache-control': 'no-store',
    },
  });
}
