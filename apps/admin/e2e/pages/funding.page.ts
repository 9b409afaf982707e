import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from '../support/toast';

/** The finance section: deposit addresses and the two review queues. */
export class FundingPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async setAddress(coin: string, network: string, address: string) {
    await this.page
      .getByRole('button', { name: `Set the address of ${coin} on ${network}` })
      .click();
    await this.dialog.getByLabel('Receiving address').fill(address);
    await this.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(this.page, `Address of ${coin} on ${network} saved.`)).toBeVisible();
  }

  depositRow(orderNo: string): Locator {
    return this.page.locator(`tr[data-testid="deposit-row"][data-order="${orderNo}"]`);
  }

  withdrawalRow(orderNo: string): Locator {
    return this.page.locator(`tr[data-testid="withdrawal-row"][data-order="${orderNo}"]`);
  }

  /** Opens the decision for a row and answers it (a reason or a payout reference when asked). */
  async decide(row: Locator, button: 'Approve' | 'Reject' | 'Mark paid', text?: string) {
    await row.getByRole('button', { name: button }).click();
    if (button === 'Reject') await this.dialog.getByLabel(/^Reason/).fill(text ?? '');
    if (button === 'Mark paid') await this.dialog.getByLabel('Payout reference').fill(text ?? '');
    await this.dialog
      .getByRole('button', { name: button === 'Reject' ? 'Reject' : 'Approve' })
      .click();
    await expect(this.dialog).toBeHidden();
  }
}
