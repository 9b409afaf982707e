import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from '../support/toast';

export class ParamsPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'System parameters' });
  }

  row(key: string): Locator {
    return this.table.locator(`tr[data-param="${key}"]`);
  }

  input(key: string): Locator {
    return this.page.getByLabel(`New value of ${key}`);
  }

  async startEditing(key: string) {
    await this.page.getByRole('button', { name: `Edit ${key}`, exact: true }).click();
    await expect(this.input(key)).toBeFocused();
  }

  async set(key: string, value: string) {
    await this.startEditing(key);
    await this.input(key).fill(value);
    await this.row(key).getByRole('button', { name: 'Save' }).click();
    await expect(toast(this.page, `${key} saved.`)).toBeVisible();
    await expect(this.input(key)).toBeHidden();
  }
}
