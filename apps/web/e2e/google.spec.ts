import { expect, test } from './fixtures';
import { AUTH_API, AuthPages } from './pages/auth.page';

// scripts/e2e.js runs a local OpenID provider in Google's place (scripts/e2e-oidc.js) and
// configures the product with its client id: the button, the redirect, the return page and the
// server's verification of the signed ID token all run for real.
test('Google login: the button, the provider, the return page, and the account', async ({
  page,
}) => {
  const auth = new AuthPages(page);
  await auth.openLogin();
  await expect(auth.googleButton).toBeVisible();
  const reply = page.waitForResponse((r) => r.url().includes(AUTH_API.loginByGoogle));
  await auth.googleButton.click();
  const body = (await (await reply).json()) as {
    code: number;
    result: { created: boolean; user: { googleLinked: boolean } };
  };
  expect(body.code).toBe(200);
  expect(body.result).toMatchObject({ created: true, user: { googleLinked: true } });
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/pass/') && !url.pathname.startsWith('/api/'),
  );
  expect(await auth.token()).not.toBeNull();
  // The token travelled in the address's fragment; the return page removed it.
  expect(page.url()).not.toContain('id_token');
});
