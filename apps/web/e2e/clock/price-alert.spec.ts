import { expect, test } from '@playwright/test';
import { text } from '../../../../e2e-support/catalogue';
import { registerCustomer } from '../../../../e2e-support/customer';
import { base, customerPage, moveServerClock } from './clock-server';

/**
 * A price alert in the browser: set on the page against the feed's price, fired by the trigger
 * engine when the server's clock has moved the simulated feed past its level, shown as fired with
 * its tick and delivered once as a notification in the reader's language.
 */
test.describe.serial('price alerts on a clock that moves', () => {
  for (const [locale, layout] of [
    ['ar', 'phone'],
    ['en', 'desktop'],
  ] as const) {
    test(`${locale}, ${layout}: an alert set, fired by the feed, and delivered once`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const say = (key: string, values: Record<string, string> = {}) =>
        text(locale, 'profile', key, values);
      const customer = await registerCustomer(request, base);
      const { context, page, errors } = await customerPage(browser, customer.token, layout);

      await page.goto(`/profile/alerts?lang=${locale}&code=BTCUSDT`);
      const form = page.getByTestId('alert-form');
      await expect(form.getByTestId('alert-code')).toHaveValue('BTCUSDT');
      await form.getByRole('radio', { name: say('alerts.type.move') }).check();
      await form.getByTestId('alert-value').fill('0.1');
      await form.getByTestId('alert-save').click();
      const alert = page.getByTestId('alert');
      await expect(alert).toHaveCount(1);
      await expect(alert).toHaveAttribute('data-state', 'active');

      // Two hours of the simulated feed go by on the server: the engine checks every second.
      await moveServerClock(request, 2 * 3_600_000);
      await expect
        .poll(
          async () => {
            const reply = await request.get(`${base}/swx/customer/user/listAlert`, {
              headers: { authorization: `Bearer ${customer.token}` },
            });
            return ((await reply.json()) as { result: { state: string }[] }).result[0]?.state;
          },
          { timeout: 60_000 },
        )
        .toBe('triggered');
      await page.reload();
      await expect(alert).toHaveAttribute('data-state', 'triggered');
      await page.screenshot({ path: test.info().outputPath(`alerts-${locale}-${layout}.png`) });

      await page.goto(`/profile/notification?lang=${locale}`);
      const note = page.locator('li[data-notification][data-kind="price_alert"]');
      await expect(note).toHaveCount(1);
      await expect(note).toContainText('BTCUSDT');
      await expect(note.locator('[data-notification-title]')).toContainText(
        say('notification.price_alert.title', { code: 'BTCUSDT' }).replace('BTCUSDT', '').trim(),
      );
      expect(errors.messages).toEqual([]);
      await context.close();
    });
  }
});
