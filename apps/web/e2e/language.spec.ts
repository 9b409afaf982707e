import { text } from '../../../e2e-support/catalogue';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app.page';

test.describe('language', () => {
  test('English by default, left to right', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/');
    await expect(app.html).toHaveAttribute('lang', 'en');
    await expect(app.html).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle(text('en', 'home', 'documentTitle'));
  });

  test('the chosen language survives a reload', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/help');
    await app.chooseLanguage('ja');
    await expect(app.heading).toHaveText(text('ja', 'help', 'title'));
    await expect(app.html).toHaveAttribute('lang', 'ja');
    expect(await app.storage('swx.lang')).toBe('ja');

    await page.reload();
    await expect(app.heading).toHaveText(text('ja', 'help', 'title'));
    await expect(app.html).toHaveAttribute('lang', 'ja');
  });

  test('?lang=ja selects Japanese and stores it', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/?lang=ja');
    await expect(app.heading).toHaveText(text('ja', 'home', 'title'));
    await expect(app.html).toHaveAttribute('lang', 'ja');
    expect(await app.storage('swx.lang')).toBe('ja');
    await app.open('/help');
    await expect(app.heading).toHaveText(text('ja', 'help', 'title'));
  });

  test('?lang= ignores codes that are not product languages', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/?lang=xx');
    await expect(app.html).toHaveAttribute('lang', 'en');
  });

  test('Arabic is right to left, and switching back restores left to right', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/?lang=ar');
    await expect(app.html).toHaveAttribute('dir', 'rtl');
    // The brand and the controls trade places: the brand sits at the inline start (right).
    const brand = await page
      .getByRole('link', { name: text('ar', 'common', 'brand.home') })
      .boundingBox();
    const picker = await app.languagePicker.boundingBox();
    expect(brand!.x).toBeGreaterThan(picker!.x);

    await app.chooseLanguage('en');
    await expect(app.html).toHaveAttribute('dir', 'ltr');
    await expect(app.heading).toHaveText(text('en', 'home', 'title'));
  });

  test('API requests carry the language', async ({ page }) => {
    const app = new AppPage(page);
    const request = page.waitForRequest((r) => r.url().includes('/swx/customer/index/listNotices'));
    await app.open('/?lang=ko');
    expect((await request).headers()['lang']).toBe('ko');
  });
});
