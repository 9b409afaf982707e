import { describe, expect, it } from 'vitest';
import { forbiddenCacheEntries } from './cache-audit';
import { isCacheable, routeRequest, type RoutingConfig, type SwRoute } from './sw-routing';

const origin = 'https://swx.example';
const config: RoutingConfig = {
  origin,
  precache: new Set(['/index.html', '/assets/index-Ab12.js', '/assets/index-Cd34.css']),
};

/** A path is on the worker's origin as written (`//swx/…` stays a path, not a host). */
const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

type Case = [label: string, method: string, url: string, mode: string, expected: SwRoute];

const cases: Case[] = [
  // Page loads of the app: network first, then the shell, then the offline page.
  ['home page', 'GET', '/', 'navigate', { kind: 'navigation' }],
  ['deep app route', 'GET', '/market/BTCUSDT?tab=depth', 'navigate', { kind: 'navigation' }],
  ['profile balance', 'GET', '/profile/balance', 'navigate', { kind: 'navigation' }],
  // The shell and the build.
  [
    'precached entry',
    'GET',
    '/assets/index-Ab12.js',
    'cors',
    { kind: 'precached', path: '/assets/index-Ab12.js' },
  ],
  [
    'precached styles',
    'GET',
    '/assets/index-Cd34.css',
    'no-cors',
    { kind: 'precached', path: '/assets/index-Cd34.css' },
  ],
  [
    'a lazy chunk',
    'GET',
    '/assets/market-page-Zz99.js',
    'cors',
    { kind: 'hashed-asset', path: '/assets/market-page-Zz99.js' },
  ],
  [
    'a catalogue chunk',
    'GET',
    '/assets/common-Qq11.js',
    'cors',
    { kind: 'hashed-asset', path: '/assets/common-Qq11.js' },
  ],
  [
    'an asset with a query',
    'GET',
    '/assets/index-Ab12.js?v=2',
    'cors',
    { kind: 'bypass', reason: 'not-app' },
  ],
  ['the assets folder itself', 'GET', '/assets/', 'cors', { kind: 'bypass', reason: 'not-app' }],
  // The API and prices: never.
  ['API reply', 'GET', '/swx/market/list', 'cors', { kind: 'bypass', reason: 'never-cached' }],
  [
    'price history',
    'GET',
    '/swx/market/kline?symbol=BTCUSDT',
    'cors',
    { kind: 'bypass', reason: 'never-cached' },
  ],
  ['API root', 'GET', '/swx', 'cors', { kind: 'bypass', reason: 'never-cached' }],
  [
    'API opened as a page',
    'GET',
    '/swx/customer/statement.pdf',
    'navigate',
    { kind: 'bypass', reason: 'never-cached' },
  ],
  [
    'API path, escaped',
    'GET',
    '/%73wx/market/list',
    'cors',
    { kind: 'bypass', reason: 'never-cached' },
  ],
  [
    'API path, doubled slash',
    'GET',
    '//swx/market/list',
    'cors',
    { kind: 'bypass', reason: 'never-cached' },
  ],
  [
    'API path, upper case',
    'GET',
    '/SWX/market/list',
    'cors',
    { kind: 'bypass', reason: 'never-cached' },
  ],
  ['price socket', 'GET', '/ws', 'websocket', { kind: 'bypass', reason: 'never-cached' }],
  [
    'price socket, secure scheme',
    'GET',
    'wss://swx.example/ws',
    'websocket',
    { kind: 'bypass', reason: 'cross-origin' },
  ],
  // The back office, the docs and the probes.
  ['back office page', 'GET', '/admin/', 'navigate', { kind: 'bypass', reason: 'never-cached' }],
  [
    'back office deep page',
    'GET',
    '/admin/support',
    'navigate',
    { kind: 'bypass', reason: 'never-cached' },
  ],
  [
    'back office chunk',
    'GET',
    '/admin/assets/index-Ab12.js',
    'cors',
    { kind: 'bypass', reason: 'never-cached' },
  ],
  ['API docs', 'GET', '/docs', 'navigate', { kind: 'bypass', reason: 'never-cached' }],
  ['API docs json', 'GET', '/docs/json', 'cors', { kind: 'bypass', reason: 'never-cached' }],
  ['health probe', 'GET', '/healthz', 'cors', { kind: 'bypass', reason: 'never-cached' }],
  ['metrics', 'GET', '/metrics', 'cors', { kind: 'bypass', reason: 'never-cached' }],
  // Not GET.
  ['an order', 'POST', '/swx/trade/order', 'cors', { kind: 'bypass', reason: 'method' }],
  ['a POST to an app path', 'POST', '/market', 'navigate', { kind: 'bypass', reason: 'method' }],
  ['HEAD of the shell', 'HEAD', '/index.html', 'cors', { kind: 'bypass', reason: 'method' }],
  ['DELETE', 'DELETE', '/swx/customer/address/1', 'cors', { kind: 'bypass', reason: 'method' }],
  // Other origins.
  [
    'another origin',
    'GET',
    'https://cdn.example/assets/index-Ab12.js',
    'cors',
    { kind: 'bypass', reason: 'cross-origin' },
  ],
  [
    'another port',
    'GET',
    'https://swx.example:8443/',
    'navigate',
    { kind: 'bypass', reason: 'cross-origin' },
  ],
  [
    'plain http of the same host',
    'GET',
    'http://swx.example/',
    'navigate',
    { kind: 'bypass', reason: 'cross-origin' },
  ],
  // The browser's own files and public files.
  ['the worker script', 'GET', '/sw.js', 'same-origin', { kind: 'bypass', reason: 'not-app' }],
  ['the manifest', 'GET', '/manifest.webmanifest', 'cors', { kind: 'bypass', reason: 'not-app' }],
  ['an icon', 'GET', '/icons/icon-192.png', 'no-cors', { kind: 'bypass', reason: 'not-app' }],
  ['a coin logo', 'GET', '/logos/btc.svg', 'no-cors', { kind: 'bypass', reason: 'not-app' }],
  [
    'a file opened as a page',
    'GET',
    '/logos/btc.svg',
    'navigate',
    { kind: 'bypass', reason: 'not-app' },
  ],
];

describe('routeRequest', () => {
  it.each(cases)('%s: %s %s (%s)', (_label, method, url, mode, expected) => {
    expect(routeRequest({ method, url: absolute(url), mode }, config)).toEqual(expected);
  });

  it('caches only precached and fingerprinted build files', () => {
    for (const [, method, url, mode, expected] of cases) {
      const route = routeRequest({ method, url: absolute(url), mode }, config);
      expect(isCacheable(route), url).toBe(
        expected.kind === 'precached' || expected.kind === 'hashed-asset',
      );
    }
  });

  it('a precache list poisoned with API, back-office or docs paths still never caches them', () => {
    const poisoned: RoutingConfig = {
      origin,
      precache: new Set(['/index.html', '/swx/market/list', '/admin/index.html', '/docs/json']),
    };
    for (const path of ['/swx/market/list', '/admin/index.html', '/docs/json']) {
      const route = routeRequest(
        { method: 'GET', url: `${origin}${path}`, mode: 'cors' },
        poisoned,
      );
      expect(route, path).toEqual({ kind: 'bypass', reason: 'never-cached' });
      expect(isCacheable(route), path).toBe(false);
    }
  });

  it('a malformed address is left alone', () => {
    expect(routeRequest({ method: 'GET', url: 'not a url', mode: 'cors' }, config)).toEqual({
      kind: 'bypass',
      reason: 'not-app',
    });
  });
});

describe('forbiddenCacheEntries (the browser test runs it over Cache Storage)', () => {
  const clean = [
    { cache: 'swx-shell-1', url: `${origin}/index.html` },
    { cache: 'swx-shell-1', url: `${origin}/assets/index-Ab12.js` },
    { cache: 'swx-prefs', url: `${origin}/__sw__/prefs` },
  ];

  it('passes the caches the worker writes', () => {
    expect(forbiddenCacheEntries(clean, origin)).toEqual([]);
  });

  // The deliberate breach: a cache holding an API reply (a price), a back-office page and another
  // origin's file must each be reported, or the browser test's "no /swx/ in the caches" proves
  // nothing.
  it('catches a poisoned cache', () => {
    const poison = [
      { cache: 'swx-shell-1', url: `${origin}/swx/market/list` },
      { cache: 'swx-shell-1', url: `${origin}/swx/market/kline?symbol=BTCUSDT` },
      { cache: 'other', url: `${origin}/admin/index.html` },
      { cache: 'other', url: 'https://cdn.example/x.js' },
      { cache: 'other', url: `${origin}/%73wx/customer/info` },
    ];
    expect(forbiddenCacheEntries([...clean, ...poison], origin)).toEqual(poison);
  });
});
