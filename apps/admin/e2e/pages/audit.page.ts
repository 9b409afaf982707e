import { expect, type Locator, type Page } from '@playwright/test';

export class AuditPage {
  readonly table: Locator;
  readonly actionFilter: Locator;
  readonly verifyButton: Locator;
  readonly chainResult: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Audit log entries' });
    this.actionFilter = page.getByRole('search').getByLabel('Action');
    this.verifyButton = page.getByRole('button', { name: 'Verify chain' });
    this.chainResult = page.getByTestId('chain-result');
  }

  rows(action: string): Locator {
    return this.table.locator(`tbody tr[data-action="${action}"]`);
  }

  async filter(action: string) {
    await this.actionFilter.fill(action);
    await this.page.getByRole('search').getByRole('button', { name: 'Filter' }).click();
    await expect(this.page).toHaveURL(new RegExp(`action=${action.replace(/\./g, '\\.')}`));
    await expect(this.rows(action).first()).toBeVisible();
  }

  async verifyChain() {
    await this.verifyButton.click();
    await expect(this.chainResult).toBeVisible();
  }
}
