import { registerCustomer } from '../../../e2e-support/customer';
import { text } from '../../../e2e-support/catalogue';
import { expect, test } from './fixtures';
import { AppPage } from './pages/app.page';
import { IntroPage } from './pages/intro.page';

// These specs start like a first visit: nothing dismissed in the browser session.
test.use({ introDismissed: false });

test.describe('intro board', () => {
  test('a first visit to any page shows the board in its place, with three principles', async ({
    page,
  }) => {
    const intro = new IntroPage(page);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto('/help/faq?q=deposit');
    // No redirect: the address stays the one asked for, never /introduction.
    await expect(intro.heading).toHaveText(text('en', 'intro', 'title'));
    await expect(page).toHaveURL(/\/help\/faq\?q=deposit$/);
    expect([...new Set(visited.map((u) => new URL(u).pathname))]).toEqual(['/help/faq']);
    await expect(intro.heading).toHaveText(text('en', 'intro', 'title'));
    await expect(intro.slides).toHaveCount(3);
    await expect(intro.slides.nth(0)).toContainText(text('en', 'intro', 'slides.feed.title'));
    await expect(intro.slides.nth(1)).toContainText(text('en', 'intro', 'slides.ledger.title'));
    await expect(intro.slides.nth(2)).toContainText(
      text('en', 'intro', 'slides.withdrawals.title'),
    );
    // The board has no navigation of its own besides Continue and Skip.
    await expect(page.locator('[data-nav]')).toHaveCount(0);
    // Skip shows the page the visitor asked for.
    await intro.skipButton.click();
    await expect(page).toHaveURL(/\/help\/faq\?q=deposit$/);
    await expect(new AppPage(page).heading).toBeVisible();
    await expect(intro.slides).toHaveCount(0);
  });

  test('at its own address, Skip goes home', async ({ page }) => {
    const app = new AppPage(page);
    await page.goto('/introduction');
    await new IntroPage(page).skipButton.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(app.heading).toHaveText(text('en', 'home', 'title'));
  });

  test('Skip on the home page shows home and the board stays away for the rest of the session', async ({
    page,
  }) => {
    const app = new AppPage(page);
    const intro = new IntroPage(page);
    await page.goto('/');
    await expect(intro.heading).toHaveText(text('en', 'intro', 'title'));
    await intro.skipButton.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(app.heading).toHaveText(text('en', 'home', 'title'));

    await page.reload();
    await expect(app.heading).toHaveText(text('en', 'home', 'title'));
    await app.open('/help');
    expect(app.pathname()).toBe('/help');
  });

  test('Continue while logged out leads to registration', async ({ page }) => {
    const intro = new IntroPage(page);
    const app = new AppPage(page);
    await page.goto('/introduction');
    await intro.continueButton.click();
    await expect(page).toHaveURL(/\/pass\/register$/);
    await expect(page.locator('form[data-auth-form="register"]')).toBeVisible();
    expect(app.pathname()).toBe('/pass/register');
    expect(await page.evaluate(() => sessionStorage.getItem('swx.introDismissed'))).toBe('1');
  });

  test('Continue while logged in goes home', async ({ page, request }) => {
    const { token } = await registerCustomer(request);
    await page.addInitScript((t) => localStorage.setItem('swx.token', t), token);
    const intro = new IntroPage(page);
    const app = new AppPage(page);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/introduction');
    await intro.continueButton.click();
    await expect(app.heading).toHaveText(text('en', 'home', 'title'));
    expect(visited).not.toContain('/pass/register');
  });

  test('a new browser context sees the board again', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const intro = new IntroPage(page);
    await page.goto('/');
    await intro.skipButton.click();
    await expect(page).toHaveURL(/\/$/);

    const { userAgent, viewport, isMobile } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, userAgent, viewport, isMobile });
    const fresh = await context.newPage();
    await fresh.goto('/help');
    await expect(new IntroPage(fresh).heading).toHaveText(text('en', 'intro', 'title'));
    await expect(fresh).toHaveURL(/\/help$/);
    await context.close();
  });

  test('?lang= on the first visit applies to the board', async ({ page }) => {
    const intro = new IntroPage(page);
    await page.goto('/?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(intro.heading).toHaveText(text('ar', 'intro', 'title'));
    await page.getByRole('button', { name: text('ar', 'intro', 'skip') }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
