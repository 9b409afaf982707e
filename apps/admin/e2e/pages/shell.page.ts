import { expect, type Locator, type Page } from '@playwright/test';

export type SectionName =
  | 'Overview'
  | 'Staff'
  | 'Parameters'
  | 'Instruments'
  | 'Options products'
  | 'Smart plans'
  | 'Loans'
  | 'Charity NFTs'
  | 'Orders'
  | 'Deposits'
  | 'Withdrawals'
  | 'Deposit addresses'
  | 'Content'
  | 'Audit log';

/** The signed-in frame: the sidebar of sections, who is signed in, sign-out. */
export class ShellPage {
  readonly nav: Locator;
  readonly signedInAs: Locator;
  readonly signOutButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Sections' });
    this.signedInAs = page.getByTestId('signed-in-as');
    this.signOutButton = page.getByRole('button', { name: 'Sign out' });
  }

  link(name: SectionName): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  async go(name: SectionName) {
    await this.link(name).click();
    await expect(this.page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  }

  async expectSignedInAs(username: string) {
    await expect(this.signedInAs).toHaveText(username);
  }

  async signOut() {
    await this.signOutButton.click();
    await expect(this.page).toHaveURL(/\/admin\/login$/);
  }
}
