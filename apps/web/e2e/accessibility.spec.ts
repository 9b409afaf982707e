import type { Page } from '@playwright/test';
import { registerCustomer } from '../../../e2e-support/customer';
import { seriousViolations } from '../../../e2e-support/accessibility';
import { expect, test } from './fixtures';

// Each test has its own page and customer: the workers share them out (it is a long file).
test.describe.configure({ mode: 'parallel' });

/**
 * Issue 13, accessibility: axe-core finds no serious or critical violation on any page of the
 * customer app, in English and in Arabic (right to left), signed out and signed in, on the layout
 * of the project (desktop and phone).
 */
const PUBLIC = [
  '/',
  '/market',
  '/cruuency?code=BTCUSDT&type=2',
  '/help',
  '/help/faq',
  '/help/notice',
  '/pass/login',
  '/pass/register',
  '/pass/reset',
  '/pass/wallet',
];
const SIGNED_IN = [
  '/trading',
  '/loan',
  '/nfts',
  '/profile',
  '/profile/balance',
  '/profile/balancebb',
  '/profile/orders',
  '/profile/records',
  '/profile/alerts',
  '/profile/kefu',
  '/profile/notification',
  '/profile/info',
  '/profile/invite',
  '/profile/exchange',
  '/profile/kyc',
  '/profile/proof',
];

async function settle(page: Page) {
  await page.locator('main#main').waitFor();
  // The page's first reads are done (the sockets are not HTTP and do not count).
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: no serious or critical accessibility violation on the public pages`, async ({
    page,
  }) => {
    // Ten pages with an audit each: 40 s alone, three times that beside two other workers on a
    // slow machine.
    test.setTimeout(300_000);
    const found: Record<string, unknown> = {};
    for (const path of PUBLIC) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await settle(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  test(`${lang}: no serious or critical accessibility violation on the signed-in pages`, async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const { token } = await registerCustomer(request);
    await page.addInitScript((t) => {
      localStorage.setItem('swx.token', t);
      localStorage.setItem('swx.accountMode', 'real');
    }, token);
    const found: Record<string, unknown> = {};
    for (const path of SIGNED_IN) {
      await page.goto(`${path}?lang=${lang}`);
      await settle(page);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}

test.describe('the intro board', () => {
  test.use({ introDismissed: false });
  test('a first visit with the intro board open has no serious or critical violation', async ({
    page,
  }) => {
    await page.goto('/');
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the audit catches a breach: an unnamed button and an image without a text are reported', async ({
  page,
}) => {
  await page.goto('/help');
  await settle(page);
  await page.evaluate(() => {
    const main = document.querySelector('main#main')!;
    const button = document.createElement('button');
    button.innerHTML = '<svg width="16" height="16"></svg>';
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    main.append(button, image);
  });
  const rules = (await seriousViolations(page)).map((v) => v.rule);
  expect(rules).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
});
