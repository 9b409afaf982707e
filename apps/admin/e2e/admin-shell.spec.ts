import { expect, test } from '@playwright/test';
import { AdminShellPage } from './pages/admin-shell.page';
import { BrowserErrors } from '../../../e2e-support/browser-errors';

test('the back office shell renders at /admin/ without browser errors', async ({ page }) => {
  const errors = await BrowserErrors.watch(page);
  const shell = new AdminShellPage(page);
  const response = await shell.open('/admin/');

  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('SWX back office');
  await expect(shell.html).toHaveAttribute('lang', 'en');
  await expect(shell.heading).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors.messages).toEqual([]);
});

test('history fallback: /admin/staff serves the back office', async ({ page }) => {
  const shell = new AdminShellPage(page);
  const response = await shell.open('/admin/staff');

  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(shell.heading).toBeVisible();
});
