import { expect, test } from './fixtures';
import { ApiDocsPage } from './pages/api-docs.page';

// Server behaviour the customer app relies on; checked once, with the desktop agent.
test.skip(({ isMobile }) => isMobile, 'server routes are checked once');

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

test('history fallback: any app path serves the customer app', async ({ request }) => {
  for (const path of ['/market', '/some/deep/path', '/help/faq']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('text/html');
  }
});

test('Swagger UI at /docs lists the operations under the server CSP, without violations', async ({
  page,
}) => {
  const docs = new ApiDocsPage(page);
  await docs.open();
  await expect(docs.operation('getParamByKey').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
});
