import { type APIRequestContext, expect, test } from '@playwright/test';
import { text } from '../../../../e2e-support/catalogue';
import { staffPost } from '../../../../e2e-support/staff-api';
import {
  base,
  clockAdminToken,
  customerPage,
  DAY_MS,
  fundedCustomer,
  moveServerClock,
  serverNow,
} from './clock-server';

/**
 * A day of a smart plan, seen in the browser: this server's clock moves forward on
 * `POST /swx/test/clock` (TEST_CLOCK, scripts/e2e.js), its jobs run on that clock, and the
 * browser's clock is moved by the same amount. The tests run in series: the clock is the server's.
 */
async function plans(request: APIRequestContext, token: string) {
  const reply = await request.get(`${base}/swx/customer/order/listSmartOrder`, {
    headers: { authorization: `Bearer ${token}`, 'x-account-mode': 'real' },
  });
  return ((await reply.json()) as { result: { list: { paidDays: number }[] } }).result.list;
}

test.describe.serial('smart plan on a clock that moves', () => {
  test.beforeAll(async ({ request }) => {
    await staffPost(request, `${base}/swx/admin/earn/products`, await clockAdminToken(request), {
      name: 'Steady USDT',
      minAmount: '100',
      maxAmount: '10000',
      terms: [{ days: 7, dailyYield: '0.005' }],
      penaltyRate: '0.05',
      enabled: true,
    });
  });

  for (const [locale, layout] of [
    ['ja', 'phone'],
    ['ar', 'desktop'],
    ['en', 'desktop'],
  ] as const) {
    test(`${locale}, ${layout}: a plan bought, its first day's earnings paid and seen, then left early`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const say = (key: string) => text(locale, 'earn', key);
      const customer = await fundedCustomer(request, '2000');
      // The browser keeps the server's time (earlier tests moved it on).
      const { context, page, errors } = await customerPage(browser, customer.token, layout, {
        time: await serverNow(request),
      });

      await page.goto(`/trading?lang=${locale}`);
      const card = page.getByTestId('smart-product').filter({ hasText: 'Steady USDT' });
      await card.getByTestId('smart-buy').click();
      await page.getByTestId('smart-amount').fill('1000');
      await expect(page.getByTestId('smart-daily')).toContainText('5 USDT');
      await expect(page.getByTestId('smart-total')).toContainText('35 USDT');
      await page.getByTestId('smart-confirm').click();
      await expect(page.getByText(say('bought')).first()).toBeVisible();
      const plan = page.getByTestId('smart-plan');
      await expect(plan).toHaveAttribute('data-state', 'earning');
      await expect(plan.getByTestId('smart-days')).toContainText('0 / 7');
      await expect(plan.getByTestId('smart-accrued')).toContainText('0 USDT');

      await test.step('a day goes by on the server and in the browser', async () => {
        const step = DAY_MS + 90_000;
        // The browser's clock first: jumped while the page refetches the paid plan, it would fire
        // that request's timeout at once (the list then fails instead of showing the day).
        await context.clock.fastForward(step);
        await moveServerClock(request, step);
        // The minute job pays the day on the server...
        await expect
          .poll(async () => (await plans(request, customer.token))[0]?.paidDays, {
            timeout: 60_000,
          })
          .toBe(1);
        // ...and the socket refreshes the plan on the screen without a reload.
        await expect(plan.getByTestId('smart-days')).toContainText('1 / 7', { timeout: 90_000 });
        await expect(plan.getByTestId('smart-accrued')).toContainText('5 USDT');
        await expect(plan.getByTestId('smart-today')).toContainText('5 USDT');
        // The next day's earnings in a little under 24 hours, on the browser's own clock.
        await expect(plan.getByTestId('smart-next')).toContainText(/23:5\d:\d\d/);
        await page.screenshot({
          path: test.info().outputPath(`plan-${locale}-${layout}-day-one.png`),
        });
      });

      await test.step('the day is a ledger entry in the transaction record', async () => {
        await page.goto(`/profile/records?lang=${locale}`);
        const accrual = page
          .getByTestId('ledger-entry')
          .filter({ has: page.locator('[data-kind="earn.accrue"]') });
        await expect(accrual).toHaveCount(1);
        await expect(accrual).toContainText(text(locale, 'profile', 'records.kind.earn.accrue'));
        await expect(accrual).toContainText('+5 USDT');
      });

      await test.step('left early: the penalty and refund shown first, the paid day kept', async () => {
        await page.goto(`/trading?lang=${locale}`);
        await plan.getByTestId('smart-exit').click();
        await expect(page.getByTestId('smart-exit-penalty')).toContainText('50 USDT');
        await expect(page.getByTestId('smart-exit-refund')).toContainText('950 USDT');
        await page.getByTestId('smart-exit-confirm').click();
        await expect(page.getByText(say('exited')).first()).toBeVisible();
        await page.getByRole('tab', { name: say('tab.ended') }).click();
        await expect(plan).toHaveAttribute('data-state', 'expired');
        await expect(plan.getByTestId('smart-accrued')).toContainText('5 USDT');
      });
      expect(errors.messages).toEqual([]);
      await context.close();
    });
  }
});
