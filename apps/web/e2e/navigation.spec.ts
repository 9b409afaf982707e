import { listPages } from './content-api';
import { text } from '../../../e2e-support/catalogue';
import { expect, isMobileProject, test } from './fixtures';
import { AppPage } from './pages/app.page';

test.describe('navigation', () => {
  test('shows only the entries whose pages exist (Home, Markets, Smart trading, Loans and Account)', async ({
    page,
  }) => {
    const app = new AppPage(page);
    await app.open('/help');
    await expect(app.navEntry('home')).toBeVisible();
    await expect(app.navEntry('market')).toBeVisible();
    await expect(app.navEntry('profile')).toBeVisible();
    await expect(app.navEntry('trading')).toBeVisible();
    await expect(app.navEntry('loan')).toBeVisible();
    await app.navEntry('home').click();
    await expect(app.heading).toHaveText(text('en', 'home', 'title'));
    await expect(app.navEntry('home')).toHaveAttribute('aria-current', 'page');
  });

  test('offers no links to pages that do not exist', async ({ page }, testInfo) => {
    const app = new AppPage(page);
    await app.open('/');
    // Online support is for visitors too (they leave a message); notifications need a session.
    await expect(
      page.getByRole('banner').getByRole('link', { name: text('en', 'common', 'header.support') }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: text('en', 'common', 'header.login') }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: text('en', 'common', 'header.notifications') }),
    ).toHaveCount(0);
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const live = [
      '/',
      '/market',
      '/cruuency',
      '/help',
      '/help/faq',
      '/help/notice',
      '/detail',
      '/introduction',
      '/pass/login',
      '/pass/register',
      '/profile',
      '/profile/kefu',
      '/trading',
      '/loan',
      '/nfts',
    ];
    expect(
      hrefs.filter((href) => !live.includes(href)),
      testInfo.project.name,
    ).toEqual([]);
  });

  test('the layout follows the device rule', async ({ page }, testInfo) => {
    const app = new AppPage(page);
    await app.open('/');
    const tabBar = page.locator('nav').filter({ has: page.locator('[data-nav="home"] svg') });
    if (isMobileProject(testInfo.project.name)) {
      await expect(tabBar).toHaveCSS('position', 'fixed');
    } else {
      await expect(page.locator('header nav [data-nav="home"]')).toBeVisible();
    }
  });
});

test.describe('footer', () => {
  test('groups company, statement and policy pages from the server; products that exist', async ({
    page,
    request,
  }) => {
    const app = new AppPage(page);
    await app.open('/');
    const [company, policy, statements] = await Promise.all([
      listPages(request, 1),
      listPages(request, 2),
      listPages(request, 3),
    ]);
    expect(company.map((p) => p.slug)).toEqual(['about-us', 'licence-supervision']);

    const companyGroup = app.footerGroup('company');
    await expect(companyGroup.getByRole('heading')).toHaveText(
      text('en', 'common', 'footer.company'),
    );
    await expect(companyGroup.getByRole('link')).toHaveText([
      ...company.map((p) => p.title),
      text('en', 'common', 'footer.helpCentre'),
      text('en', 'common', 'footer.onlineSupport'),
    ]);
    await expect(app.footerGroup('statements').getByRole('link')).toHaveText(
      statements.map((p) => p.title),
    );
    await expect(app.footerGroup('policy').getByRole('link')).toHaveText(
      policy.map((p) => p.title),
    );
    // Only the products whose pages exist (every one of them now).
    await expect(app.footerGroup('product').getByRole('link')).toHaveText([
      text('en', 'common', 'footer.market'),
      text('en', 'common', 'footer.investmentLoan'),
      text('en', 'common', 'footer.charityNft'),
      text('en', 'common', 'footer.smartTrading'),
    ]);
  });

  test('a footer page opens as a content page with its id and title', async ({ page, request }) => {
    const app = new AppPage(page);
    const [terms] = await listPages(request, 2);
    await app.open('/');
    await app.footerGroup('policy').getByRole('link', { name: terms!.title }).click();
    await expect(app.heading).toHaveText(terms!.title);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/detail');
    expect(url.searchParams.get('id')).toBe(String(terms!.id));
    expect(url.searchParams.get('title')).toBe(terms!.title);
    await expect(page.locator('.prose-content')).toBeVisible();
  });

  test('the help centre link in the footer works', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/');
    await app.footerGroup('company').getByRole('link', { name: 'Help centre' }).click();
    await expect(app.heading).toHaveText(text('en', 'help', 'title'));
  });
});

test.describe('Android app link', () => {
  test('is absent while no address is configured', async ({ page }) => {
    // The reply is fixed here: the back-office suite edits this parameter on the same server.
    await page.route('**/swx/customer/index/getParamByKey/down_url', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', result: { paramValue: '' } } }),
    );
    const app = new AppPage(page);
    const asked = page.waitForResponse((r) => r.url().includes('getParamByKey/down_url'));
    await app.open('/');
    await asked;
    await expect(page.getByTestId('android-download')).toHaveCount(0);
  });

  test('points at the configured address', async ({ page }) => {
    await page.route('**/swx/customer/index/getParamByKey/down_url', (route) =>
      route.fulfill({
        json: { code: 200, msg: 'ok', result: { paramValue: 'https://example.com/swx.apk' } },
      }),
    );
    const app = new AppPage(page);
    await app.open('/');
    await expect(page.getByTestId('android-download')).toHaveAttribute(
      'href',
      'https://example.com/swx.apk',
    );
    await expect(page.getByTestId('android-download')).toHaveText(
      text('en', 'home', 'android.cta'),
    );
  });

  test('is absent when the address is not http(s)', async ({ page }) => {
    await page.route('**/swx/customer/index/getParamByKey/down_url', (route) =>
      route.fulfill({
        json: { code: 200, msg: 'ok', result: { paramValue: 'javascript:alert(1)' } },
      }),
    );
    const app = new AppPage(page);
    await app.open('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('android-download')).toHaveCount(0);
  });
});
