import { registerCustomer } from '../../../e2e-support/customer';
import { text } from '../../../e2e-support/catalogue';
import { expect, isMobileProject, test } from './fixtures';

/**
 * The withdrawal address book in the browser (Arabic on the phone layout, English on the
 * desktop): a format-checked address saved with a name waits its hold; whitelist mode on and off;
 * deleted again.
 */
test('the address book: a saved address waits its hold; whitelist on and off; deleted', async ({
  page,
  request,
}, info) => {
  const locale = isMobileProject(info.project.name) ? 'ar' : 'en';
  const say = (ns: string, key: string, values: Record<string, string | number> = {}) =>
    text(locale, ns, key, values);
  const customer = await registerCustomer(request);
  await page.addInitScript((token) => {
    localStorage.setItem('swx.token', token);
    localStorage.setItem('swx.accountMode', 'real');
  }, customer.token);
  await page.goto(`/profile/balance?lang=${locale}`);
  await page.getByRole('tab', { name: say('profile', 'addressBook.tab') }).click();
  const book = page.getByTestId('address-book');
  await expect(book).toContainText(say('profile', 'addressBook.empty'));

  const form = page.getByTestId('add-address-form');
  await form.getByTestId('address-value').fill('0x1234');
  await form.getByTestId('address-label').fill(locale === 'ar' ? 'محفظتي' : 'Cold wallet');
  await form.getByTestId('address-save').click();
  await expect(form).toContainText(say('errors', '10143'));
  await form.getByTestId('address-value').fill('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
  await form.getByTestId('address-save').click();
  const saved = book.getByTestId('saved-address');
  await expect(saved).toHaveCount(1);
  await expect(saved).toHaveAttribute('data-waiting', 'true');
  await expect(saved).toContainText('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');

  const whitelist = book.getByTestId('whitelist-switch');
  await expect(whitelist).toHaveAttribute('aria-checked', 'false');
  await whitelist.click();
  await expect(whitelist).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: info.outputPath(`address-book-${locale}.png`), fullPage: true });
  // Without two-factor authentication, turning it off needs no code.
  await whitelist.click();
  await expect(whitelist).toHaveAttribute('aria-checked', 'false');

  await saved.getByTestId('delete-address').click();
  await expect(saved).toHaveCount(0);
  await expect(book).toContainText(say('profile', 'addressBook.empty'));
});
