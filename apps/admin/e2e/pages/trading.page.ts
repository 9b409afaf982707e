import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from '../support/toast';

/** Options products: one row per instrument with its period chips; the periods editor. */
export class OptionsProductsPage {
  readonly table: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Options products' });
    this.dialog = page.getByRole('dialog');
  }

  row(code: string): Locator {
    return this.table.locator(`tbody tr[data-code="${code}"]`);
  }

  async openEditor(code: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Edit the periods of ${code}` }).click();
    await expect(this.dialog.getByRole('heading', { name: `Periods of ${code}` })).toBeVisible();
    return this.dialog;
  }

  periodRow(index: number): Locator {
    return this.dialog.getByTestId('period-row').nth(index);
  }

  async save(code: string) {
    await this.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.dialog).toBeHidden();
    await expect(toast(this.page, `Periods of ${code} saved.`)).toBeVisible();
  }
}

/** Every customer's orders by product, with filters and the deciding ticks. */
export class StaffOrdersPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('staff-order');
  }

  async openProduct(name: 'Spot' | 'Contracts' | 'Options' | 'Convert') {
    const tab = this.page.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  async filter(values: { user?: string; code?: string }) {
    if (values.user !== undefined) await this.page.getByLabel('Customer id').fill(values.user);
    if (values.code !== undefined) await this.page.getByLabel('Instrument').fill(values.code);
    await this.page.getByRole('button', { name: 'Filter' }).click();
  }
}
