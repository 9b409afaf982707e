import { text } from '../../../e2e-support/catalogue';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app.page';
import {
  CoinPageModel,
  MARKET_API,
  MarketListModel,
  coinPath,
  listMarkets,
} from './pages/markets.page';

const SIMULATED = text('en', 'markets', 'simulated.label');

test.describe('home market table', () => {
  test('shows crypto first, live prices that change, and the simulated-data label', async ({
    page,
  }) => {
    const app = new AppPage(page);
    await app.open('/');
    const table = new MarketListModel(page, page.getByTestId('home-markets'));
    await expect(table.tab(2)).toHaveAttribute('aria-selected', 'true');
    await expect(table.row('BTCUSDT')).toBeVisible();
    await expect(table.simulatedLabel).toHaveText(SIMULATED);
    await expect(table.row('BTCUSDT').locator('canvas[data-sparkline]')).toBeVisible();
    const before = await table.prices();
    // Ticks arrive once a second per open instrument: some price on screen changes within 10 s.
    await expect
      .poll(async () => (await table.prices()).some((p, i) => p !== before[i]), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  test('a row opens the coin page', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/');
    const table = new MarketListModel(page, page.getByTestId('home-markets'));
    await table.row('BTCUSDT').getByRole('link').click();
    await expect(page).toHaveURL(/\/cruuency\?code=BTCUSDT&type=2&id=\d+/);
    await expect(new CoinPageModel(page).price).toBeVisible();
  });

  test('a market closed by its calendar shows as closed', async ({ page }) => {
    // Intercepted so the test holds on any day: the first stock answers as closed.
    await page.route(`**${MARKET_API.list}?type=3*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { open: boolean; code: string }[] };
      body.result = body.result.map((item, i) => (i === 0 ? { ...item, open: false } : item));
      await route.fulfill({ response, json: body });
    });
    const app = new AppPage(page);
    await app.open('/');
    const table = new MarketListModel(page, page.getByTestId('home-markets'));
    await table.tab(3).click();
    const closed = table.rows.first();
    await expect(closed).toHaveAttribute('data-open', 'false');
    await expect(closed.locator('[data-market-state="closed"]')).toHaveText(
      text('en', 'markets', 'state.closed'),
    );
    await expect(closed.locator('[data-price]')).toHaveClass(/text-muted/);
  });

  test('the statistics come from the platform and the Markets card appears', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/');
    const stats = page.getByTestId('platform-stats');
    await expect(stats.locator('[data-stat="instruments"] dd')).toHaveText(/^\d[\d,]*$/);
    await expect(stats.locator('[data-stat="fee"] dd')).toContainText('%');
    await expect(page.locator('[data-feature="market"]')).toHaveAttribute('href', '/market');
  });

  test('the up/down colour setting swaps and is remembered', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/');
    await expect(app.html).toHaveAttribute('data-updown', 'green-up');
    await page.getByTestId('updown-toggle').click();
    await expect(app.html).toHaveAttribute('data-updown', 'red-up');
    expect(await app.storage('swx.upDown')).toBe('red-up');
    await page.reload();
    await expect(app.html).toHaveAttribute('data-updown', 'red-up');
  });

  test('Japanese readers get red up by default', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/?lang=ja');
    await expect(app.html).toHaveAttribute('data-updown', 'red-up');
  });
});

test.describe('/market', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`renders in ${lang} with the simulated-data label`, async ({ page }) => {
      const app = new AppPage(page);
      await app.open(`/market?lang=${lang}`);
      await expect(app.html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(app.heading).toHaveText(text(lang, 'markets', 'market.title'));
      const list = new MarketListModel(page);
      await expect(list.row('BTCUSDT')).toBeVisible();
      await expect(list.simulatedLabel).toHaveText(text(lang, 'markets', 'simulated.label'));
      // Codes and prices stay left to right inside Arabic.
      await expect(list.price('BTCUSDT').locator('bdi')).toHaveAttribute('dir', 'ltr');
      await expect(app.navEntry('market')).toHaveAttribute('aria-current', 'page');
    });
  }

  test('searches, sorts and keeps favourites', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/market');
    const list = new MarketListModel(page);
    await expect(list.row('BTCUSDT')).toBeVisible();

    await page
      .getByRole('searchbox', { name: text('en', 'markets', 'search.label') })
      .fill('ethusdt');
    await expect(list.rows).toHaveCount(1);
    await expect(list.row('ETHUSDT')).toBeVisible();
    await page.getByRole('searchbox').fill('');

    await page.locator('[data-sort="name"]').click();
    await expect(page.locator('[data-sort="name"]')).toHaveAttribute('aria-pressed', 'true');
    const names = await list.rows.locator('bdi:not([dir])').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    await page.locator('[data-sort="name"]').click();
    await expect(page.locator('[data-sort="name"]')).toHaveAttribute('data-order', 'desc');

    await list.row('ETHUSDT').locator('[data-favourite]').click();
    await expect(list.row('ETHUSDT').locator('[data-favourite]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await list.tab('favourites').click();
    await expect(list.rows).toHaveCount(1);
    await page.reload();
    await list.tab('favourites').click();
    await expect(list.row('ETHUSDT')).toBeVisible();
    await expect(list.simulatedLabel).toBeVisible();
  });
});

test.describe('/cruuency', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`renders in ${lang}: live price, hours, chart and the simulated label`, async ({
      page,
      request,
    }) => {
      const [btc] = (await listMarkets(request, 2, lang)).filter((m) => m.code === 'BTCUSDT');
      const app = new AppPage(page);
      await app.open(`${coinPath(btc!)}&lang=${lang}`);
      await expect(app.html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(app.heading).toHaveText(btc!.appName);
      const coin = new CoinPageModel(page);
      await expect(coin.simulatedLabel).toHaveText(text(lang, 'markets', 'simulated.label'));
      await expect(coin.tradingHours).toHaveAttribute('data-open', 'true');
      await expect(coin.chart.locator('canvas').first()).toBeVisible();
      await expect(coin.price.locator('bdi')).toHaveAttribute('dir', 'ltr');
    });
  }

  test('the price updates live', async ({ page, request }) => {
    const [btc] = (await listMarkets(request, 2)).filter((m) => m.code === 'BTCUSDT');
    const app = new AppPage(page);
    await app.open(coinPath(btc!));
    const coin = new CoinPageModel(page);
    await expect(coin.price).toBeVisible();
    const before = await coin.price.textContent();
    await expect(coin.price).not.toHaveText(before!, { timeout: 10_000 });
    // The chart's last candle follows the ticks too.
    await expect(coin.chart).toHaveAttribute('data-last-close', /\d/, { timeout: 10_000 });
  });

  test('the timeframe switch loads and draws that timeframe', async ({ page, request }) => {
    const [btc] = (await listMarkets(request, 2)).filter((m) => m.code === 'BTCUSDT');
    const app = new AppPage(page);
    await app.open(coinPath(btc!));
    const coin = new CoinPageModel(page);
    await expect(coin.chart).toHaveAttribute('data-rendered-timeframe', '15min');
    const response = page.waitForResponse(
      (r) => r.url().includes(MARKET_API.candles) && r.url().includes('timeframe=1hour'),
    );
    await coin.timeframe('1hour').click();
    expect((await response).status()).toBe(200);
    await expect(coin.timeframe('1hour')).toHaveAttribute('aria-pressed', 'true');
    await expect(coin.chart).toHaveAttribute('data-rendered-timeframe', '1hour');
    await expect(coin.chart).not.toHaveAttribute('data-bars', '0');
  });

  test.describe('an unknown instrument', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test('says so', async ({ page }) => {
      const app = new AppPage(page);
      await app.open('/cruuency?code=NOPE&type=2&id=99999');
      await expect(app.heading).toHaveText(text('en', 'markets', 'coin.notFound'));
    });
  });
});
