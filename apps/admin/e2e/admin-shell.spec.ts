import { expect, test } from '@playwright/test';
import { BrowserErrors } from '../../../e2e-support/browser-errors';
import { LoginPage } from './pages/login.page';

test('signed out, /admin/ shows the staff sign-in without browser errors', async ({ page }) => {
  const errors = await BrowserErrors.watch(page);
  const response = await page.goto('/admin/');
  expect(response?.status()).toBe(200);

  const login = new LoginPage(page);
  await expect(login.heading).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page).toHaveTitle('Staff sign-in · SWX back office');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.waitForLoadState('networkidle');
  expect(errors.messages).toEqual([]);
});

test('history fallback: a deep link serves the back office, which asks to sign in', async ({
  page,
}) => {
  const errors = await BrowserErrors.watch(page);
  const response = await page.goto('/admin/staff');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(new LoginPage(page).heading).toBeVisible();
  expect(errors.messages).toEqual([]);
});

test('the sign-in form checks its fields before asking the server', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.continueButton.click();
  await expect(page.getByText('Enter your username.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await expect(login.username).toHaveAttribute('aria-invalid', 'true');
});

test('the theme choice is kept across visits', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  const dark = (await toggle.getAttribute('aria-pressed')) === 'true';
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(!dark));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});
