import type { APIRequestContext, Page } from '@playwright/test';
import { text } from '../../../e2e-support/catalogue';
import { forbiddenCacheEntries, type CacheEntry } from '../src/service-worker/cache-audit';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app.page';
import { MarketListModel } from './pages/markets.page';

/**
 * The PWA gate (issue 13): installable, a service worker that caches the shell and never an API
 * reply or a price, the offline page in the reader's language.
 *
 * Automated browsers run the app without its worker (see src/app/service-worker.ts); this spec
 * opts in with the same `localStorage` flag before any page script runs.
 */
const OPT_IN_KEY = 'swx.serviceWorker';

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'on'), OPT_IN_KEY);
});

/** Waits until the worker is active and controls the page (a reload if it does not yet). */
async function controlledBy(page: Page): Promise<string> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller?.scriptURL ?? '';
  });
}

/** Every entry of every cache of the origin, read from the page. */
function dumpCaches(page: Page): Promise<CacheEntry[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) entries.push({ cache: name, url: request.url });
    }
    return entries;
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function fetchIcon(request: APIRequestContext, src: string): Promise<string> {
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type'], src).toBe('image/png');
  return pngSize(await response.body());
}

interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
}

test.describe('installable', () => {
  test('the manifest is linked, valid, and its icons are the sizes it says', async ({
    page,
    request,
  }) => {
    const app = new AppPage(page);
    await app.open('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute(
      'content',
      /^#[0-9a-f]{6}$/i,
    );

    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: 'SWX',
      short_name: 'SWX',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = manifest.icons ?? [];
    const purposeOf = (icon: { purpose?: string }) => icon.purpose ?? 'any';
    for (const size of ['192x192', '512x512']) {
      expect(
        icons.some((i) => i.sizes === size && i.type === 'image/png' && purposeOf(i) === 'any'),
        size,
      ).toBe(true);
    }
    expect(icons.some((i) => purposeOf(i).split(' ').includes('maskable'))).toBe(true);
    for (const icon of icons) expect(await fetchIcon(request, icon.src), icon.src).toBe(icon.sizes);

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await fetchIcon(request, touchIcon!)).toBe('180x180');
  });

  test('Chromium finds nothing missing to install the app', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/');
    await controlledBy(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A Playwright context is an incognito profile, where Chromium never offers to install;
    // every other criterion (manifest, icons, worker, secure origin) must hold.
    expect(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
  });
});

test.describe('service worker', () => {
  test('is served fresh as JavaScript under a CSP that allows it', async ({ page, request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    const document = await page.goto('/');
    const csp = document?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  test('installs, controls the page after a reload and precaches the shell', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/market');
    const scriptURL = await controlledBy(page);
    expect(new URL(scriptURL).pathname).toBe('/sw.js');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
    const shell = (await dumpCaches(page)).filter((e) => e.cache.startsWith('swx-shell-'));
    const paths = shell.map((e) => new URL(e.url).pathname);
    expect(paths).toContain('/index.html');
    expect(paths).toContain(new URL(entry!, page.url()).pathname);
    // One build, one shell cache.
    expect(new Set(shell.map((e) => e.cache)).size).toBe(1);
  });

  test('never caches an API reply or a price, after using the app', async ({ page }) => {
    // Eight page loads on a busy two-core runner.
    test.setTimeout(90_000);
    const apiResponses: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/swx/')) {
        apiResponses.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
      }
    });
    const app = new AppPage(page);
    await app.open('/market');
    await controlledBy(page);

    // Under the worker's control: the market list (prices over the API and the socket), a coin
    // page, the home page and help, each loaded twice so that a cache would have been used.
    for (let round = 0; round < 2; round += 1) {
      await app.open('/market');
      const list = new MarketListModel(page);
      await expect(list.price('BTCUSDT')).toBeVisible();
      await list.row('BTCUSDT').getByRole('link').click();
      await expect(page.getByTestId('coin-price')).toBeVisible();
      await app.open('/');
      await app.open('/help');
    }
    await page.waitForLoadState('networkidle');

    expect(apiResponses.length).toBeGreaterThan(5);
    expect(apiResponses.filter((r) => r.fromWorker)).toEqual([]);
    const entries = await dumpCaches(page);
    expect(entries.length).toBeGreaterThan(0);
    expect(forbiddenCacheEntries(entries, new URL(page.url()).origin)).toEqual([]);

    // The deliberate breach: an API reply (a price) put into a cache by hand must be reported,
    // so the check above reads the real Cache Storage.
    await page.evaluate(async () => {
      const poisoned = await caches.open('swx-breach');
      await poisoned.put('/swx/market/list', new Response('{"price":"1"}'));
    });
    const breached = forbiddenCacheEntries(await dumpCaches(page), new URL(page.url()).origin);
    expect(breached.map((e) => new URL(e.url).pathname)).toEqual(['/swx/market/list']);
    await page.evaluate(() => caches.delete('swx-breach'));
  });
});

test.describe('offline', () => {
  // Offline, the page's own API calls and the price socket fail; that is what is being tested.
  // One pattern: Playwright reads a second array element that is an object as fixture options.
  test.use({
    allowedConsoleErrors: [
      /ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed|Failed to fetch/,
    ],
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`a reload shows the cached app shell (${locale})`, async ({ page, context }) => {
      const app = new AppPage(page);
      await app.open(`/help?lang=${locale}`);
      await controlledBy(page);

      await context.setOffline(true);
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(app.html).toHaveAttribute('lang', locale);
      await expect(app.html).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(app.heading).toHaveText(text(locale, 'help', 'title'));
      await context.setOffline(false);
    });

    test(`without the shell, the offline page is in the reader's language (${locale})`, async ({
      page,
      context,
    }) => {
      const app = new AppPage(page);
      // The browser asks for English; the language chosen in the app wins.
      await app.open(`/market?lang=${locale}`);
      await controlledBy(page);
      // Both fail: no network, and the shell gone from the cache.
      await page.evaluate(async () => {
        for (const name of await caches.keys())
          await (await caches.open(name)).delete('/index.html');
      });

      await context.setOffline(true);
      const response = await page.reload();
      expect(response?.status()).toBe(200);
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'common', 'offline.title'),
      );
      await expect(page.getByText(text(locale, 'common', 'offline.body'))).toBeVisible();
      const retry = page.getByRole('link', { name: text(locale, 'common', 'offline.retry') });
      await expect(retry).toHaveAttribute('href', '/market');

      // Back online, the link loads the app again.
      await context.setOffline(false);
      await retry.click();
      await expect(new MarketListModel(page).price('BTCUSDT')).toBeVisible();
    });
  }
});
