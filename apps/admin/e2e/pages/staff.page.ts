import { expect, type Locator, type Page } from '@playwright/test';

export type Role = 'Admin' | 'Finance' | 'KYC' | 'Support';

export class StaffPage {
  readonly table: Locator;
  readonly newButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Staff accounts' });
    this.newButton = page.getByRole('button', { name: 'New staff member' });
    this.dialog = page.getByRole('dialog');
  }

  row(username: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: username, exact: true }) });
  }

  /** Creates a member and returns the one-time password the dialog shows once. */
  async create(username: string, roles: Role[]): Promise<string> {
    await this.newButton.click();
    await expect(this.dialog.getByRole('heading', { name: 'New staff member' })).toBeVisible();
    await this.dialog.getByLabel('Username').fill(username);
    for (const role of roles) await this.dialog.getByRole('checkbox', { name: role }).check();
    await this.dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(this.dialog.getByRole('heading', { name: 'Account created' })).toBeVisible();
    await expect(this.dialog.getByText('This password is shown only once.')).toBeVisible();
    const password = await this.dialog.getByLabel(`One-time password for ${username}`).inputValue();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await this.dialog.getByRole('button', { name: 'I have handed it over' }).click();
    await expect(this.dialog).toBeHidden();
    return password;
  }

  async editRoles(username: string, changes: Partial<Record<Role, boolean>>) {
    await this.page.getByRole('button', { name: `Edit roles of ${username}` }).click();
    await expect(this.dialog.getByRole('heading', { name: `Roles of ${username}` })).toBeVisible();
    for (const [role, on] of Object.entries(changes)) {
      await this.dialog.getByRole('checkbox', { name: role }).setChecked(Boolean(on));
    }
    await this.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.dialog).toBeHidden();
  }

  async disable(username: string) {
    await this.page.getByRole('button', { name: `Disable ${username}` }).click();
    const confirm = this.page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading', { name: `Disable ${username}?` })).toBeVisible();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(confirm).toBeHidden();
    await expect(this.row(username)).toContainText('Disabled');
  }

  async enable(username: string) {
    await this.page.getByRole('button', { name: `Enable ${username}` }).click();
    await expect(this.row(username)).toContainText('Active');
  }

  /** Resets a member's credentials and returns the new one-time password. */
  async resetCredentials(username: string): Promise<string> {
    await this.page.getByRole('button', { name: `Reset credentials of ${username}` }).click();
    const confirm = this.page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Reset credentials' }).click();
    await expect(
      this.dialog.getByRole('heading', { name: `New one-time password for ${username}` }),
    ).toBeVisible();
    const password = await this.dialog.getByLabel(`One-time password for ${username}`).inputValue();
    await this.dialog.getByRole('button', { name: 'I have handed it over' }).click();
    await expect(this.dialog).toBeHidden();
    return password;
  }
}
