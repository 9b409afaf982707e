import { expect, test, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { BrowserErrors } from '../../../../e2e-support/browser-errors';
import { text } from '../../../../e2e-support/catalogue';
import { registerCustomer } from '../../../../e2e-support/customer';
import { DESKTOP } from '../../../../e2e-support/devices';
import { waitForMessage } from '../../../../e2e-support/inbox';
import { base, clockAdminToken, customerPage, moveServerClock } from './clock-server';

/** The back office on the desktop, signed in as the clock server's first admin. */
async function staffPage(browser: Browser, token: string) {
  const context = await browser.newContext({ ...DESKTOP, baseURL: base });
  const page = await context.newPage();
  const errors = await BrowserErrors.watch(page);
  await page.addInitScript((session) => localStorage.setItem('swx.admin.token', session), token);
  return { context, page, errors };
}

const image = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/**
 * Issue 12, done-when 1: a customer on a phone in Arabic and support on the desktop back office
 * chat in real time, with an image each way; the unread badges of both sides follow; the
 * customer, away, receives the answer by email once the server's clock has passed the delay.
 */
test('support chat: a customer on a phone in Arabic and the back office, live, with images and the mail', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const say = (key: string, values: Record<string, string> = {}) =>
    text('ar', 'profile', key, values);
  const customer = await registerCustomer(request, base);
  const adminToken = await clockAdminToken(request);
  const phone = await customerPage(browser, customer.token, 'phone');
  const desk = await staffPage(browser, adminToken);
  const me = phone.page;
  const staff = desk.page;

  // The customer writes first, in Arabic.
  await me.goto(`/profile/kefu?lang=ar`);
  await expect(me.getByTestId('support-welcome')).toBeVisible();
  const question = 'مرحبا، لم يصل إيداعي بعد';
  await me.getByTestId('support-composer').fill(question);
  await me.getByTestId('support-send').click();
  const mine = me.locator('[data-testid="support-message"][data-author="customer"]');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(question);
  await expect(me.getByTestId('support-receipt')).toHaveAttribute('data-read', 'false');
  await expect(me.getByTestId('support-receipt')).toHaveText(say('support.sent'));

  // Support sees it waiting, with one unread message on the menu badge and the row.
  await staff.goto('/admin/support');
  const row = staff.locator(`[data-testid="support-row"]`, { hasText: customer.username });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('support-row-unread')).toHaveText('1');
  await expect(staff.getByTestId('support-badge')).toContainText('1');
  await row.click();
  await expect(
    staff.locator('[data-testid="support-message"][data-author="customer"]'),
  ).toContainText(question);
  await expect(staff.getByTestId('support-context')).toContainText(customer.username);
  // Opened and read: the back office badge clears; the customer's receipt turns to read, live.
  await expect(staff.getByTestId('support-badge')).toHaveCount(0);
  await expect(me.getByTestId('support-receipt')).toHaveAttribute('data-read', 'true');
  await expect(me.getByTestId('support-receipt')).toHaveText(say('support.read'));

  // Typing shows on the other side. The indicator is best effort, as in any chat: a "typing"
  // signal goes out at most every 2 s while the customer types and is not kept for a socket that
  // connects later, so the customer goes on typing until support sees it (one local run in eight
  // did not show the first signal within 5 s).
  const composer = me.getByTestId('support-composer');
  await expect(async () => {
    await composer.pressSequentially('صورة', { delay: 50 });
    await expect(staff.getByTestId('support-typing')).toBeVisible({ timeout: 2_500 });
  }).toPass({ timeout: 20_000 });
  await composer.fill('');

  // The customer sends a screenshot; support sees it.
  await me.getByTestId('support-image-input').setInputFiles({
    name: 'screenshot.png',
    mimeType: 'image/png',
    buffer: await image(200, 30, 30),
  });
  await expect(me.getByTestId('support-image')).toHaveCount(1);
  await expect(staff.getByTestId('support-message-image')).toHaveCount(1);

  // Support answers with text and an image: the customer, on the page, sees both at once.
  const answer = 'Thank you, we have found your deposit.';
  await staff.getByTestId('support-composer').fill(answer);
  await staff.getByTestId('support-send').click();
  await staff.getByTestId('support-image-input').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: await image(20, 120, 200),
  });
  const theirs = me.locator('[data-testid="support-message"][data-author="staff"]');
  await expect(theirs).toHaveCount(2);
  await expect(theirs.first()).toContainText(answer);
  await expect(theirs.first()).toContainText(say('support.agent'));
  await expect(me.getByTestId('support-image')).toHaveCount(2);
  // Read on the page: no badge on the customer's header, and support sees it read.
  await expect(me.getByTestId('support-link')).toHaveAttribute('data-unread', '0');
  await expect(staff.getByTestId('support-read')).toBeVisible();
  await me.screenshot({ path: test.info().outputPath('support-ar-phone.png') });
  await staff.screenshot({ path: test.info().outputPath('support-desk.png') });

  // The customer leaves the chat for the home page, and support answers at once: the page has
  // loaded its unread count, but its socket is not yet authenticated (held here until the answer
  // is stored), so the answer's event never reaches it. The badge still shows the answer: the
  // socket's authentication makes the page reload what it shows. (CI met this race once.)
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await me.routeWebSocket(/\/ws$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage(async (message) => {
      await held;
      server.send(message);
    });
  });
  const unreadLoaded = me.waitForResponse((r) => r.url().includes('/swx/customer/support/unread'));
  await me.goto(`/?lang=ar`);
  await unreadLoaded;
  const later = 'It is now in your balance.';
  await staff.getByTestId('support-composer').fill(later);
  await staff.getByTestId('support-send').click();
  await expect(staff.locator('[data-testid="support-message"][data-author="staff"]')).toHaveCount(
    3,
  );
  await expect(me.getByTestId('support-link')).toHaveAttribute('data-unread', '0');
  release();
  await expect(me.getByTestId('support-link')).toHaveAttribute('data-unread', '1');
  await expect(me.getByTestId('support-badge')).toBeVisible();

  // Away past the delay: the answer arrives by email (real SMTP), once.
  await moveServerClock(request, 5 * 60_000);
  const mail = await waitForMessage(customer.email, (body) => body.includes(later), 60_000);
  expect(mail).toContain('/profile/kefu');

  // Back in the chat: read, the badge clears, support sees the receipt.
  await me.goto(`/profile/kefu?lang=ar`);
  await expect(theirs).toHaveCount(3);
  await expect(me.getByTestId('support-link')).toHaveAttribute('data-unread', '0');
  await expect(staff.getByTestId('support-read')).toBeVisible();

  expect(phone.errors.messages).toEqual([]);
  expect(desk.errors.messages).toEqual([]);
  await phone.context.close();
  await desk.context.close();
});
