import { readFile } from 'node:fs/promises';
import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { BrowserErrors } from '../../../../e2e-support/browser-errors';
import { text } from '../../../../e2e-support/catalogue';
import { customerBase } from '../../../../e2e-support/customer';
import { DESKTOP, PHONE } from '../../../../e2e-support/devices';

export type Layout = 'phone' | 'desktop';

/** The customer's /profile/balance page, signed in, in one language and layout. */
export class CustomerBalancePage {
  readonly usdt: Locator;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly errors: BrowserErrors,
    readonly lang: string,
  ) {
    this.usdt = page.locator('[data-testid="balance-row"][data-asset="USDT"]');
  }

  static async open(browser: Browser, token: string, lang: string, layout: Layout) {
    const context = await browser.newContext({
      ...(layout === 'phone' ? PHONE : DESKTOP),
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors = await BrowserErrors.watch(page);
    await page.addInitScript(
      ({ token, lang }) => {
        sessionStorage.setItem('swx.introDismissed', '1');
        localStorage.setItem('swx.token', token);
        localStorage.setItem('swx.lang', lang);
        localStorage.setItem('swx.accountMode', 'real');
      },
      { token, lang },
    );
    await page.goto(`${customerBase()}/profile/balance`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    return new CustomerBalancePage(context, page, errors, lang);
  }

  /** A message of the shipped catalogue in this page's language. */
  say(namespace: string, key: string): string {
    return text(this.lang, namespace, key);
  }

  async tab(key: string) {
    await this.page.getByRole('tab', { name: this.say('profile', key), exact: true }).click();
  }

  /** Fills the deposit form; the proof is optional so that the form's checks can be seen. */
  async fillDeposit(amount: string, hash: string, lastSix: string, proof?: Buffer) {
    await this.page.getByTestId('deposit-amount').fill(amount);
    await this.page.getByTestId('deposit-hash').fill(hash);
    await this.page.getByTestId('deposit-last-six').fill(lastSix);
    if (proof) {
      await this.page
        .getByTestId('deposit-proof')
        .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: proof });
      await expect(this.page.getByTestId('deposit-proof-preview')).toBeVisible();
    }
    await this.page.getByTestId('deposit-submit').click();
  }

  /** A crypto withdrawal to a TRC-20 address, through the confirmation; checks the live fee. */
  async withdrawCrypto(address: string, amount: string, fee: string, actual: string, pin: string) {
    await this.tab('funding.withdraw.tab');
    await this.page.getByTestId('withdraw-address').fill(address);
    await this.page.getByTestId('withdraw-amount').fill(amount);
    await expect(this.page.getByTestId('withdraw-fee')).toHaveText(`${fee} USDT`);
    await expect(this.page.getByTestId('withdraw-actual')).toHaveText(`${actual} USDT`);
    await this.confirm(pin);
  }

  async withdrawBank(
    bank: { type: string; account: string; holder: string },
    amount: string,
    pin: string,
  ) {
    await this.tab('funding.withdraw.tab');
    await this.page
      .getByRole('radio', { name: this.say('profile', 'funding.withdraw.bank') })
      .check();
    await this.page.getByTestId('withdraw-bank-type').fill(bank.type);
    await this.page.getByTestId('withdraw-account').fill(bank.account);
    await this.page.getByTestId('withdraw-holder').fill(bank.holder);
    await this.page.getByTestId('withdraw-amount').fill(amount);
    await this.confirm(pin);
  }

  private async confirm(pin: string) {
    await this.page.getByTestId('withdraw-password').fill(pin);
    await this.page.getByTestId('withdraw-review').click();
    await this.page.getByTestId('withdraw-confirm').click();
    await expect(this.page.getByTestId('withdraw-confirm')).toBeHidden();
  }

  /** Downloads the statement; answers its rows after the header, split into cells. */
  async statement(): Promise<{ header: string; rows: string[][] }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('statement-download').click(),
    ]);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    return { header: lines[0]!, rows: lines.slice(1).map((line) => line.split(',')) };
  }

  async close() {
    await this.page.waitForLoadState('networkidle');
    await this.context.close();
    expect(this.errors.messages).toEqual([]);
  }
}
