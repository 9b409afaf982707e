import { expect, test } from '@playwright/test';
import { BrowserErrors } from '../../../e2e-support/browser-errors';
import { WebShellPage } from './pages/web-shell.page';

test('the customer shell renders at / in English, left to right, without browser errors', async ({
  page,
}) => {
  const errors = await BrowserErrors.watch(page);
  const shell = new WebShellPage(page);
  const response = await shell.open('/');

  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('SWX');
  await expect(shell.html).toHaveAttribute('lang', 'en');
  await expect(shell.html).toHaveAttribute('dir', 'ltr');
  await expect(shell.heading).toBeVisible();
  await expect(shell.description).toBeVisible();
  expect(errors.messages).toEqual([]);
});

for (const path of ['/market', '/some/deep/path']) {
  test(`history fallback: ${path} serves the customer app`, async ({ page }) => {
    const shell = new WebShellPage(page);
    const response = await shell.open(path);

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(shell.heading).toBeVisible();
  });
}

test.describe('Android app link', () => {
  test('is absent while no address is configured', async ({ page }) => {
    const shell = new WebShellPage(page);
    await shell.open('/');
    await expect(shell.heading).toBeVisible();
    await expect(shell.androidAppLink).toHaveCount(0);
  });

  test('points at the configured address', async ({ page }) => {
    const shell = new WebShellPage(page);
    await shell.answerDownUrl({
      code: 200,
      msg: 'ok',
      result: { paramValue: 'https://example.com/swx.apk' },
    });
    await shell.open('/');
    await expect(shell.androidAppLink).toHaveAttribute('href', 'https://example.com/swx.apk');
  });

  test('is absent when the reply is not a success', async ({ page }) => {
    const shell = new WebShellPage(page);
    await shell.answerDownUrl({
      code: 10109,
      msg: 'Not found',
      result: { paramValue: 'https://example.com/swx.apk' },
    });
    await shell.open('/');
    await expect(shell.heading).toBeVisible();
    await expect(shell.androidAppLink).toHaveCount(0);
  });
});
