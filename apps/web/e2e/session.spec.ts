import { registerCustomer } from '../../../e2e-support/customer';
import { text } from './catalogue';
import { expect, test } from './fixtures';
import { API, AppPage } from './pages/app.page';

test.describe('session', () => {
  test('a body code 401 clears the stored session and sends the user to /pass/login', async ({
    page,
  }) => {
    // A visitor whose stored session has ended, on the demo account.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem('swx.token', 'expired-token');
      localStorage.setItem('swx.user', JSON.stringify({ username: 'amy' }));
      localStorage.setItem('swx.accountMode', 'demo');
    });
    const sent: { authorization?: string; mode?: string }[] = [];
    const bodyLogout = { json: { code: 401, msg: 'Please log in again', result: null } };
    await page.route(`**${API.listNotices}**`, async (route) => {
      const headers = route.request().headers();
      sent.push({ authorization: headers['authorization'], mode: headers['x-account-mode'] });
      await route.fulfill(bodyLogout);
    });
    // Any other call made with the ended session (the header's account reads race the notice
    // list) is answered here too, so none reaches the server: its HTTP 401 would be a console
    // error, and which call comes first must not decide the test.
    await page.route('**/swx/**', async (route) => {
      const expired = route.request().headers()['authorization'] === 'Bearer expired-token';
      if (expired && !route.request().url().includes(API.listNotices)) {
        await route.fulfill(bodyLogout);
      } else {
        await route.fallback();
      }
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await page.goto('/help/notice');

    await expect(page).toHaveURL(/\/pass\/login/);
    await expect(page.locator('form[data-auth-form="login"]')).toBeVisible();
    expect(visited).toContain('/pass/login');
    // The first call carried the session; the calls after the 401 carry none.
    expect(sent[0]).toEqual({ authorization: 'Bearer expired-token', mode: 'demo' });
    expect(sent.slice(1).every((s) => s.authorization === undefined && s.mode === 'real')).toBe(
      true,
    );
    expect(
      await page.evaluate(() => ({
        token: localStorage.getItem('swx.token'),
        user: localStorage.getItem('swx.user'),
        mode: localStorage.getItem('swx.accountMode'),
      })),
    ).toEqual({ token: null, user: null, mode: null });
  });

  test('the Demo badge shows on every screen while the demo account is on', async ({
    page,
    request,
  }) => {
    const { token } = await registerCustomer(request);
    await page.addInitScript((t) => {
      localStorage.setItem('swx.token', t);
      localStorage.setItem('swx.accountMode', 'demo');
    }, token);
    const app = new AppPage(page);
    const badge = page.getByText(text('en', 'common', 'account.demoBadge'), { exact: true });
    for (const path of ['/', '/help', '/help/faq', '/introduction', '/profile', '/market']) {
      await app.open(path);
      // The header's badge at least; account pages also say Demo beside balances.
      await expect(badge.first(), path).toBeVisible();
    }
  });

  test('API errors are shown in a polite toast with the catalogue message', async ({ page }) => {
    await page.route(`**${API.listFaq}**`, (route) =>
      route.fulfill({ json: { code: 10103, msg: 'server text', result: null } }),
    );
    const app = new AppPage(page);
    await app.open('/help/faq');
    const toast = page.getByRole('status').filter({ hasText: text('en', 'errors', '10103') });
    await expect(toast).toBeVisible();
    await expect(
      page.locator('[aria-live="polite"]').filter({ hasText: text('en', 'errors', '10103') }),
    ).not.toHaveCount(0);
    // The page itself offers a retry.
    await expect(
      page.getByRole('button', { name: text('en', 'common', 'actions.retry') }),
    ).toBeVisible();
  });

  test('a reply without a code shows the "unknown" message', async ({ page }) => {
    await page.route(`**${API.listFaq}**`, (route) => route.fulfill({ json: { msg: 'odd' } }));
    const app = new AppPage(page);
    await app.open('/help/faq');
    await expect(page.getByText(text('en', 'errors', 'unknown')).first()).toBeVisible();
  });
});
