import { expect, type Locator, type Page } from '@playwright/test';

/** The forced "Change your one-time password" screen (and the voluntary one). */
export class ChangePasswordPage {
  readonly forcedHeading: Locator;
  readonly current: Locator;
  readonly next: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.forcedHeading = page.getByRole('heading', {
      level: 1,
      name: 'Change your one-time password',
    });
    this.current = page.getByLabel(/^(One-time password|Current password)$/);
    this.next = page.getByLabel('New password', { exact: true });
    this.confirm = page.getByLabel('Repeat the new password');
    this.submit = page.getByRole('button', { name: 'Change password' });
  }

  async changeOneTimePassword(oneTime: string, next: string) {
    await expect(this.forcedHeading).toBeVisible();
    await expect(this.page).toHaveURL(/\/admin\/change-password$/);
    await this.current.fill(oneTime);
    await this.next.fill(next);
    await this.confirm.fill(next);
    await this.submit.click();
    await expect(this.forcedHeading).toBeHidden();
  }
}
