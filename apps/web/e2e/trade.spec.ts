import type { APIRequestContext, Page } from '@playwright/test';
import { registerCustomer } from '../../../e2e-support/customer';
import { LOCALES, rawKeys, text } from '../../../e2e-support/catalogue';
import { market, TradeDesk } from '../../../e2e-support/trade-desk';
import { expect, isMobileProject, test } from './fixtures';

const tr = (key: string, locale = 'en') => text(locale, 'trade', key);

// Each test places and settles several orders through the UI: more than the default 30 s on a
// busy CI machine. Each has a customer of its own, so the workers share the file's tests out (in
// one worker, the file was the last five minutes of the run, mostly waiting for options to expire).
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

/** A fresh customer signed in, in demo mode (the registration's demo grant is the balance). */
async function signInDemo(page: Page, request: Parameters<typeof registerCustomer>[0]) {
  const customer = await registerCustomer(request);
  const info = await request.get('/swx/customer/user/getUserInfo', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const user = ((await info.json()) as { result: unknown }).result;
  await page.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('swx.token', token);
      localStorage.setItem('swx.user', JSON.stringify(user));
      localStorage.setItem('swx.accountMode', 'demo');
    },
    { token: customer.token, user },
  );
  return customer;
}

/** The panel's flows, in demo money, for a language on this project's layout. */
async function deskFor(page: Page, request: APIRequestContext, locale: string, project: string) {
  await signInDemo(page, request);
  const desk = new TradeDesk(page, locale, isMobileProject(project));
  const btc = await market(request, '', 'BTCUSDT');
  return { desk, btc };
}

/** A marketable limit: a little above the latest price, in the instrument's scale. */
const above = (price: string, precision: number) => (Number(price) * 1.02).toFixed(precision);

// English, Arabic and Japanese through every flow, on both layouts (the project picks the layout).
for (const locale of ['en', 'ar', 'ja'] as const) {
  test.describe(`${locale}: trading on the coin page (demo account)`, () => {
    test('spot: market buy and sell, limit order placed and cancelled', async ({
      page,
      request,
    }, info) => {
      const { desk, btc } = await deskFor(page, request, locale, info.project.name);
      await desk.open(btc);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await desk.spot('100', '1000');
    });

    test('contract: SL on the wrong side refused inline; market and limit opened and closed', async ({
      page,
      request,
    }, info) => {
      const { desk, btc } = await deskFor(page, request, locale, info.project.name);
      await desk.open(btc);
      await desk.contract(above(btc.nowPrice, btc.precision));
    });

    test('options: up and down bought; one won and one lost, both ticks shown', async ({
      page,
      request,
    }, info) => {
      test.setTimeout(150_000);
      const { desk, btc } = await deskFor(page, request, locale, info.project.name);
      await desk.open(btc);
      const panel = await desk.panel();
      await panel.getByRole('tab', { name: desk.t('tabs.options') }).click();
      await panel.getByTestId('options-amount').fill('5');
      await panel.getByTestId('options-submit').click();
      await expect(
        panel.getByText(desk.t('options.range', { min: 10, max: 50000 })).first(),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await desk.optionsBothWays('20');
    });

    test('convert: quoted with a countdown, converted at the quoted figures', async ({
      page,
      request,
    }, info) => {
      const { desk } = await deskFor(page, request, locale, info.project.name);
      await desk.convert('100');
    });
  });
}

// Every other language: the panel, a confirmation and a placed order, with no missing message.
for (const locale of LOCALES.filter((l) => !['en', 'ar', 'ja'].includes(l))) {
  test(`${locale}: the panel and its confirmation speak the reader's language`, async ({
    page,
    request,
  }, info) => {
    const { desk, btc } = await deskFor(page, request, locale, info.project.name);
    await desk.open(btc);
    const panel = await desk.panel();
    await expect(panel.getByRole('tab', { name: desk.t('tabs.contract') })).toBeVisible();
    await panel.getByTestId('spot-amount').fill('50');
    await panel.getByTestId('spot-submit').click();
    await expect(page.getByText(desk.t('confirm.description'))).toBeVisible();
    expect(await rawKeys(page, ['trade', 'common'])).toEqual([]);
    await desk.confirm('spot.placed');
    expect(await rawKeys(page, ['trade', 'common'])).toEqual([]);
  });
}

test.describe('coin account (demo account)', () => {
  test('shows holdings with their value and the spot orders, with cancel', async ({
    page,
    request,
  }) => {
    const customer = await signInDemo(page, request);
    const headers = { authorization: `Bearer ${customer.token}`, 'x-account-mode': 'demo' };
    const order = (data: object) =>
      request.post('/swx/customer/order/submit', {
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        data: { code: 'BTCUSDT', ...data },
      });
    expect(
      (await (await order({ side: 'buy', type: 'market', turnover: '200' })).json()).code,
    ).toBe(200);
    expect(
      (await (await order({ side: 'buy', type: 'limit', price: '1000', quantity: '0.01' })).json())
        .code,
    ).toBe(200);
    await page.goto('/profile/balancebb');
    await expect(page.getByTestId('coin-holding').filter({ hasText: 'BTC' })).toContainText('USDT');
    await expect(page.getByTestId('coins-total')).toContainText('USDT');
    const waiting = page.getByTestId('coin-order');
    await expect(waiting).toHaveCount(1);
    await waiting.getByRole('button', { name: tr('orders.cancel') }).click();
    await expect(waiting).toHaveCount(0);
    await page.getByRole('tab', { name: text('en', 'profile', 'coins.history') }).click();
    await expect(page.getByTestId('coin-order')).toHaveCount(2);
  });
});

test.describe('all orders and the transaction record (demo account)', () => {
  test('orders of every product with their ticks, a tick checked, ledger entries filtered', async ({
    page,
    request,
  }) => {
    const customer = await signInDemo(page, request);
    const profile = (key: string) => text('en', 'profile', key);
    const headers = { authorization: `Bearer ${customer.token}`, 'x-account-mode': 'demo' };
    const call = async (path: string, data: object) => {
      const res = await request.post(path, {
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        data,
      });
      const body = (await res.json()) as { code: number; result: { id: number } };
      expect(body.code, JSON.stringify(body)).toBe(200);
      return body.result;
    };
    await call('/swx/customer/order/submit', {
      code: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      turnover: '100',
    });
    const position = await call('/swx/customer/order/buyU', {
      code: 'BTCUSDT',
      direction: 'long',
      lots: '0.01',
      leverage: 10,
      type: 'market',
    });
    await call('/swx/customer/order/stopU', { id: position.id });
    await call('/swx/customer/order/buyOptions', {
      code: 'BTCUSDT',
      direction: 'down',
      seconds: 60,
      amount: '10',
    });

    await page.goto('/profile');
    await page.locator('[data-link="orders"]').click();
    await expect(page).toHaveURL(/\/profile\/orders$/);
    await expect(page.getByTestId('contracts-open')).toHaveCount(0);
    await page.getByRole('tab', { name: profile('orders.sub.closed') }).click();
    const closed = page.getByTestId('contract-closed');
    await expect(closed).toHaveCount(1);
    await expect(closed).toContainText(profile('orders.reason.user'));
    await expect(closed).toContainText(tr('orders.openTick'));
    await expect(closed).toContainText(profile('orders.closeTick'));
    await closed.getByTestId('verify-open').last().click();
    await expect(page.getByTestId('verify-result')).toHaveText(tr('verify.matches'));
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: profile('orders.tab.spot') }).click();
    await page.getByRole('tab', { name: profile('coins.history') }).click();
    await expect(page.getByTestId('spot-order')).toHaveCount(1);
    await page.getByRole('tab', { name: profile('orders.tab.options') }).click();
    await expect(page.getByTestId('option-running')).toHaveCount(1);

    await page.goto('/profile');
    await page.locator('[data-link="records"]').click();
    await expect(page).toHaveURL(/\/profile\/records$/);
    const entries = page.getByTestId('ledger-entry');
    await expect(entries.filter({ hasText: profile('records.kind.contract.close') })).toHaveCount(
      2,
    );
    await expect(entries.filter({ hasText: profile('records.kind.demo.grant') })).toHaveCount(1);
    await page.getByRole('radio', { name: profile('records.filter.options') }).click();
    await expect(entries).toHaveCount(2);
    await expect(entries.filter({ hasText: profile('records.kind.options.buy') })).toHaveCount(2);
    await expect(entries.filter({ hasText: '-10 USDT' })).toHaveCount(1);
  });
});
