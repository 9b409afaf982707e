import type { APIRequestContext } from '@playwright/test';
import { text } from '../../../../e2e-support/catalogue';
import { registerCustomer } from '../../../../e2e-support/customer';
import { market, TradeDesk } from '../../../../e2e-support/trade-desk';
import { expect, isMobileProject, test } from '../fixtures';

// These specs run against the server whose crypto prices come from the loopback exchange
// (scripts/e2e-exchange.js): the test moves the market there, and the product only watches it.
const liveBase = () => {
  const base = process.env.E2E_LIVE_BASE_URL;
  if (!base) throw new Error('E2E_LIVE_BASE_URL is not set: run through scripts/e2e.js');
  return base.replace(/\/+$/, '');
};

/** Sets the exchange's last price of a symbol and waits until the product quotes it. */
async function moveMarket(
  request: APIRequestContext,
  symbol: string,
  price: number,
  scale: number,
) {
  const reply = await request.post(`${process.env.E2E_EXCHANGE_URL}/price`, {
    data: { symbol, price: price.toFixed(scale) },
  });
  expect(reply.status()).toBe(204);
  await expect
    .poll(async () => Number((await market(request, liveBase(), symbol)).nowPrice))
    .toBe(Number(price.toFixed(scale)));
}

test.describe.configure({ timeout: 120_000 });

const SYMBOLS: [string, number][] = [
  ['BTCUSDT', 65_000],
  ['ETHUSDT', 3_200],
  ['BNBUSDT', 580],
  ['BCHUSDT', 380],
  ['LTCUSDT', 75],
  ['SOLUSDT', 150],
  ['LINKUSDT', 14],
  ['DOTUSDT', 6.5],
];

test('a live market reaches a take-profit, a stop loss and a liquidation; each closes once at the market', async ({
  page,
  request,
}, info) => {
  // Each run trades its own symbol, so runs in parallel (both layouts, repeats) never move each
  // other's market.
  const [symbol, start] =
    SYMBOLS[
      (info.repeatEachIndex * 2 + (isMobileProject(info.project.name) ? 1 : 0)) % SYMBOLS.length
    ]!;
  await moveMarket(request, symbol, start, 2);
  const item = await market(request, liveBase(), symbol);
  expect(item.source).toBe('live');

  const customer = await registerCustomer(request, liveBase());
  await page.addInitScript((token) => {
    localStorage.setItem('swx.token', token);
    localStorage.setItem('swx.accountMode', 'demo');
  }, customer.token);
  const desk = new TradeDesk(page, 'en', isMobileProject(info.project.name));
  await desk.open(item);
  const open = async (fill: (panel: Awaited<ReturnType<typeof desk.panel>>) => Promise<void>) => {
    const panel = await desk.panel();
    await panel.getByRole('tab', { name: desk.t('tabs.contract') }).click();
    // On a desktop the panel keeps the last order's entries: start each order from empty levels.
    await panel.getByLabel(desk.t('fields.stopLoss')).fill('');
    await panel.getByLabel(desk.t('fields.takeProfit')).fill('');
    await fill(panel);
    await panel.getByTestId('contract-submit').click();
    await desk.confirm('contract.opened');
  };

  await test.step('a long with a take-profit, a short with a stop loss, a long at 50x', async () => {
    await open(async (panel) => {
      await panel.getByRole('radio', { name: desk.t('contract.long') }).click();
      await panel.getByLabel(desk.t('fields.takeProfit')).fill((start * 1.02).toFixed(2));
    });
    await open(async (panel) => {
      await panel.getByRole('radio', { name: desk.t('contract.short') }).click();
      await panel.getByLabel(desk.t('fields.stopLoss')).fill((start * 1.02).toFixed(2));
    });
    await open(async (panel) => {
      await panel.getByRole('radio', { name: desk.t('contract.long') }).click();
      await panel.getByTestId('contract-leverage').selectOption('50');
    });
    await desk.ordersTab('orders.positions').click();
    await expect(page.getByTestId('position')).toHaveCount(3);
  });

  await test.step('the market rises 3 %: the take-profit and the stop loss close', async () => {
    await moveMarket(request, symbol, start * 1.03, 2);
    await expect(page.getByTestId('position')).toHaveCount(1);
  });

  await test.step('the market falls to 3 % under the start: the 50x long is liquidated', async () => {
    await moveMarket(request, symbol, start * 0.97, 2);
    await expect(page.getByTestId('position')).toHaveCount(0);
  });

  await test.step('closed positions say why, with the deciding ticks from the live feed', async () => {
    const profile = (key: string) => text('en', 'profile', key);
    await page.goto('/profile/orders');
    await page.getByRole('tab', { name: profile('orders.sub.closed') }).click();
    const closed = page.getByTestId('contract-closed');
    await expect(closed).toHaveCount(3);
    for (const reason of ['tp', 'sl', 'liquidation']) {
      await expect(closed.filter({ hasText: profile(`orders.reason.${reason}`) })).toHaveCount(1);
    }
    await expect(closed.first()).toContainText(desk.t('source.live'));
  });
});
