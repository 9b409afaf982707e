import { expect, test } from '@playwright/test';
import { ApiDocsPage } from './pages/api-docs.page';
import { BrowserErrors } from '../../../e2e-support/browser-errors';

test('an unknown API path is a JSON 404 with code 10109, not the app', async ({ request }) => {
  const response = await request.get('/swx/customer/nothing');

  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toMatchObject({ code: 10109 });
});

test('/healthz answers ok', async ({ request }) => {
  const response = await request.get('/healthz');

  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('Swagger UI at /docs lists the operations under the server CSP', async ({ page }) => {
  const docs = new ApiDocsPage(page);
  await docs.open();

  await expect(docs.operation('getParamByKey').first()).toBeVisible();
});

test('Swagger UI at /docs runs without CSP violations', async ({ page }) => {
  const errors = await BrowserErrors.watch(page);
  const docs = new ApiDocsPage(page);
  await docs.open();
  await expect(docs.operation('getParamByKey').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(errors.messages).toEqual([]);
});
