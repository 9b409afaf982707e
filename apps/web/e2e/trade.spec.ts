import type { Page } from '@playwright/test';
import { registerCustomer } from '../../../e2e-support/customer';
import { text } from '../../../e2e-support/catalogue';
import { expect, isMobileProject, test } from './fixtures';
import { coinPath, listMarkets } from './pages/markets.page';

const tr = (key: string, locale = 'en') => text(locale, 'trade', key);

// Each test places and settles several orders through the UI: more than the default 30 s on a
// busy CI machine.
test.describe.configure({ timeout: 90_000 });

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

/** A tab of the "My orders" section (the panel has tabs of the same names). */
function ordersTab(page: Page, key: string) {
  return page
    .getByRole('tablist', { name: tr('orders.title') })
    .getByRole('tab', { name: tr(key) });
}

/** The panel: beside the chart on desktop, in the sheet the trade bar opens on phones. */
async function openPanel(page: Page, projectName: string) {
  if (isMobileProject(projectName)) await page.getByTestId('open-order-sheet').click();
  const panel = page.getByTestId('order-panel');
  // The first render waits for the instrument's terms and the balances: slower on a busy machine.
  await expect(panel).toBeVisible({ timeout: 15_000 });
  return panel;
}

async function confirm(page: Page, done: string) {
  const dialog = page
    .getByRole('dialog', { name: /.+/ })
    .filter({ has: page.getByTestId('confirm-order') });
  await expect(dialog.getByText(tr('confirm.description'))).toBeVisible();
  await page.getByTestId('confirm-order').click();
  await expect(page.getByText(done).first()).toBeVisible();
}

test.describe('order panel (demo account)', () => {
  test('spot: market buy and sell, limit order placed and cancelled', async ({
    page,
    request,
  }, info) => {
    await signInDemo(page, request);
    const btc = (await listMarkets(request, 2)).find((m) => m.code === 'BTCUSDT');
    if (!btc) throw new Error('BTCUSDT missing');
    await page.goto(coinPath(btc));
    let panel = await openPanel(page, info.project.name);
    await panel.getByTestId('spot-amount').fill('100');
    await panel.getByTestId('spot-submit').click();
    await expect(page.getByTestId('spot-receive')).toContainText('BTC');
    await confirm(page, tr('spot.placed'));

    panel = await openPanel(page, info.project.name);
    await panel.getByRole('radio', { name: tr('spot.sell') }).click();
    // The coin balance arrives with the sheet: 100 % of it once it is known.
    await expect(async () => {
      await panel.getByRole('button', { name: '100%' }).click();
      await expect(panel.getByTestId('spot-amount')).not.toHaveValue('0', { timeout: 500 });
    }).toPass();
    await panel.getByTestId('spot-submit').click();
    await expect(page.getByTestId('spot-receive')).toContainText('USDT');
    await confirm(page, tr('spot.placed'));

    panel = await openPanel(page, info.project.name);
    await panel.getByRole('radio', { name: tr('spot.buy') }).click();
    await panel.getByRole('radio', { name: tr('type.limit') }).click();
    await panel.getByLabel(tr('fields.limitPrice')).fill('1000');
    await panel.getByTestId('spot-amount').fill('0.01');
    await panel.getByTestId('spot-submit').click();
    await confirm(page, tr('spot.placed'));

    await ordersTab(page, 'orders.open').click();
    const open = page.getByTestId('open-order');
    await expect(open).toHaveCount(1);
    await open.getByRole('button', { name: tr('orders.cancel') }).click();
    await expect(page.getByText(tr('orders.cancelled')).first()).toBeVisible();
    await expect(open).toHaveCount(0);
  });

  test('contract: open at market with live PnL, close; SL on the wrong side is refused inline', async ({
    page,
    request,
  }, info) => {
    await signInDemo(page, request);
    const btc = (await listMarkets(request, 2)).find((m) => m.code === 'BTCUSDT');
    if (!btc) throw new Error('BTCUSDT missing');
    await page.goto(coinPath(btc));
    const panel = await openPanel(page, info.project.name);
    await panel.getByRole('tab', { name: tr('tabs.contract') }).click();
    await panel.getByLabel(tr('fields.stopLoss')).fill('99999999');
    await panel.getByTestId('contract-submit').click();
    await expect(panel.getByText(text('en', 'errors', '10130'))).toBeVisible();
    await panel.getByLabel(tr('fields.stopLoss')).fill('');
    await panel.getByTestId('contract-submit').click();
    await expect(page.getByTestId('contract-liquidation')).not.toBeEmpty();
    await confirm(page, tr('contract.opened'));

    const position = page.getByTestId('position');
    await expect(position).toHaveCount(1);
    await expect(position.getByTestId('position-pnl')).toContainText('USDT');
    await position.getByRole('button', { name: tr('orders.close') }).click();
    await expect(page.getByText(tr('orders.closed')).first()).toBeVisible();
    await expect(position).toHaveCount(0);
  });

  test('options: buy up and see it running with its opening tick and a countdown', async ({
    page,
    request,
  }, info) => {
    await signInDemo(page, request);
    const btc = (await listMarkets(request, 2)).find((m) => m.code === 'BTCUSDT');
    if (!btc) throw new Error('BTCUSDT missing');
    await page.goto(coinPath(btc));
    const panel = await openPanel(page, info.project.name);
    await panel.getByRole('tab', { name: tr('tabs.options') }).click();
    await panel.getByTestId('options-amount').fill('5');
    await panel.getByTestId('options-submit').click();
    await expect(
      panel.getByText(tr('options.range').replace('{min}', '10').replace('{max}', '50000')).first(),
    ).toBeVisible();
    await panel.getByTestId('options-amount').fill('20');
    await panel.getByTestId('options-submit').click();
    await expect(page.getByTestId('options-payout')).toContainText('24');
    await confirm(page, tr('options.placed'));
    await ordersTab(page, 'orders.options').click();
    const running = page.getByTestId('option-running');
    await expect(running).toHaveCount(1);
    await expect(running.getByTestId('option-countdown')).toBeVisible();
    await running.getByTestId('verify-open').click();
    await expect(page.getByTestId('verify-result')).toHaveText(tr('verify.matches'));
  });

  for (const locale of ['ar', 'ja'] as const) {
    test(`${locale}: the panel and its confirmation speak the reader's language`, async ({
      page,
      request,
    }, info) => {
      await signInDemo(page, request);
      const btc = (await listMarkets(request, 2)).find((m) => m.code === 'BTCUSDT');
      if (!btc) throw new Error('BTCUSDT missing');
      await page.goto(`${coinPath(btc)}&lang=${locale}`);
      const panel = await openPanel(page, info.project.name);
      await expect(panel.getByRole('tab', { name: tr('tabs.contract', locale) })).toBeVisible();
      await panel.getByTestId('spot-amount').fill('50');
      await panel.getByTestId('spot-submit').click();
      await expect(page.getByText(tr('confirm.description', locale))).toBeVisible();
      await page.getByTestId('confirm-order').click();
      await expect(page.getByText(tr('spot.placed', locale)).first()).toBeVisible();
    });
  }
});

test.describe('convert (demo account)', () => {
  test('quotes with a countdown and converts at the quoted figures', async ({ page, request }) => {
    await signInDemo(page, request);
    const profile = (key: string) => text('en', 'profile', key);
    await page.goto('/profile/exchange');
    await page.getByTestId('convert-amount').fill('100');
    await page.getByTestId('convert-quote-button').click();
    const quote = page.getByTestId('convert-quote');
    await expect(quote).toContainText('BTC');
    await expect(quote.getByRole('status')).toContainText(/\d+ s/);
    const receive = (await page.getByTestId('convert-receive').innerText()).trim();
    await page.getByTestId('convert-accept').click();
    await expect(page.getByText(profile('exchange.done')).first()).toBeVisible();
    const row = page.getByTestId('convert-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`100 USDT → ${receive}`);
  });
});

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
