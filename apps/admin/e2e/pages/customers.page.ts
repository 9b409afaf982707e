import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from '../support/toast';

/**
 * The customer-facing back-office sections: Customers (list and detail), KYC review (queue and
 * review screen) and the mail/SMS outbox. Every step goes through the sidebar and the screens, as
 * a staff member would.
 */
export class CustomersPage {
  readonly nav: Locator;
  readonly kycTable: Locator;
  readonly outboxTable: Locator;
  readonly usersTable: Locator;
  readonly confirm: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Sections' });
    this.kycTable = page.getByRole('table', { name: 'KYC submissions' });
    this.outboxTable = page.getByRole('table', { name: 'Outbox messages' });
    this.usersTable = page.getByRole('table', { name: 'Customers' });
    this.confirm = page.getByRole('alertdialog');
    this.dialog = page.getByRole('dialog');
  }

  private async openSection(link: string) {
    await this.nav.getByRole('link', { name: link, exact: true }).click();
    await expect(
      this.page.getByRole('heading', { level: 1, name: link, exact: true }),
    ).toBeVisible();
  }

  /**
   * Submits a list's search form and waits for the server's answer to that search: a list keeps
   * its old rows while the next ones load.
   */
  private async search(table: Locator, path: string, field: string, value: string) {
    const form = this.page.getByRole('search');
    await form.getByLabel(field).fill(value);
    const answered = this.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === path && url.searchParams.get('q') === value.trim();
    });
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await answered;
    await this.loaded(table);
  }

  /** A list keeps its old rows while the next ones load; wait until they are the new ones. */
  private async loaded(table: Locator) {
    await expect(table.locator('tbody')).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.locator('tbody tr').first()).toBeVisible();
  }

  // ---- KYC ----

  /** The KYC queue on its default tab: pending submissions. */
  async openKycQueue() {
    const onQueue = /\/admin\/kyc$/.test(new URL(this.page.url()).pathname);
    await this.openSection('KYC review');
    if (onQueue) {
      // Already there: the list on screen may predate a new submission.
      const answered = this.page.waitForResponse((r) => r.url().includes('/swx/admin/kyc?'));
      await this.page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await answered;
    }
    await expect(this.page.getByRole('tab', { name: 'Pending' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await this.loaded(this.kycTable);
  }

  /**
   * Opens the most recently submitted pending submission (of `username`, if given) and returns
   * its id. Opens the queue first unless it is open.
   */
  async openNewestPendingSubmission(username?: string): Promise<number> {
    if (!/\/admin\/kyc$/.test(new URL(this.page.url()).pathname)) await this.openKycQueue();
    await this.loaded(this.kycTable);
    const selector = username
      ? `tbody tr[data-status="pending"][data-username="${username}"]`
      : 'tbody tr[data-status="pending"]';
    const rows = this.kycTable.locator(selector);
    await expect(rows.first()).toBeVisible();
    const submitted = await rows.evaluateAll((elements) =>
      elements.map((row) => Date.parse(row.getAttribute('data-submitted-at') ?? '')),
    );
    const newest = submitted.indexOf(Math.max(...submitted));
    await rows
      .nth(newest)
      .getByRole('link', { name: /^Review submission / })
      .click();
    await expect(this.page).toHaveURL(/\/admin\/kyc\/\d+$/);
    const id = Number(new URL(this.page.url()).pathname.split('/').pop());
    await expect(
      this.page.getByRole('heading', { level: 1, name: `Submission #${id}` }),
    ).toBeVisible();
    await expect(this.page.getByTestId('kyc-status')).toHaveText('Pending');
    return id;
  }

  /** The username the open submission belongs to. */
  async submissionUsername(): Promise<string> {
    return (await this.page.getByTestId('kyc-username').innerText()).trim();
  }

  /** Approves the open submission; the app returns to the queue. */
  async approve() {
    const id = this.openSubmissionId();
    await this.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(
      this.confirm.getByRole('heading', { name: `Approve submission #${id}?` }),
    ).toBeVisible();
    await this.confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(this.page, `Submission #${id} approved.`)).toBeVisible();
    await expect(this.page).toHaveURL(/\/admin\/kyc(\?.*)?$/);
  }

  /** Rejects the open submission with the reason the customer will read. */
  async reject(reason: string) {
    const id = this.openSubmissionId();
    await this.page.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(
      this.dialog.getByRole('heading', { name: `Reject submission #${id}?` }),
    ).toBeVisible();
    await this.dialog.getByLabel('Reason for the customer').fill(reason);
    await this.dialog.getByRole('button', { name: 'Reject submission' }).click();
    await expect(toast(this.page, `Submission #${id} rejected.`)).toBeVisible();
    await expect(this.page).toHaveURL(/\/admin\/kyc(\?.*)?$/);
  }

  private openSubmissionId(): number {
    const match = /\/admin\/kyc\/(\d+)$/.exec(new URL(this.page.url()).pathname);
    expect(match, 'a submission is open').not.toBeNull();
    return Number(match![1]);
  }

  // ---- outbox ----

  /**
   * The body of the newest outbox message to `recipient` (an email address or a phone number),
   * as the verification-code reader sees it. Waits for a message to arrive, refreshing the list.
   */
  async newestOutboxBody(recipient: string): Promise<string> {
    await this.openSection('Outbox');
    await this.search(this.outboxTable, '/swx/admin/outbox', 'Recipient', recipient);

    const rows = this.outboxTable.locator('tbody tr[data-recipient]').filter({
      has: this.page.getByTestId('outbox-body'),
    });
    const refresh = this.page.getByRole('button', { name: 'Refresh' });
    // The message may still be on its way (sent by a request that has just returned).
    await expect(async () => {
      await expect(this.outboxTable.locator('tbody')).not.toHaveAttribute('aria-busy', 'true');
      if ((await rows.count()) === 0) await refresh.click();
      await expect(rows.first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    const found = await rows.evaluateAll((elements) =>
      elements.map((row, index) => ({
        index,
        recipient: (row.getAttribute('data-recipient') ?? '').toLowerCase(),
        at: Date.parse(row.getAttribute('data-created-at') ?? ''),
      })),
    );
    // The server's search is a substring match; prefer the exact recipient when it is there.
    const exact = found.filter((row) => row.recipient === recipient.toLowerCase());
    const candidates = exact.length > 0 ? exact : found;
    const newest = candidates.reduce((a, b) => (b.at > a.at ? b : a));
    return rows.nth(newest.index).getByTestId('outbox-body').innerText();
  }

  // ---- customers ----

  /** Finds a customer by username and opens their detail page. */
  async openUser(username: string) {
    await this.openSection('Customers');
    await this.search(this.usersTable, '/swx/admin/users', 'Search customers', username);
    await this.usersTable
      .locator(`tbody tr[data-username="${username}"]`)
      .getByRole('link', { name: `View ${username}`, exact: true })
      .click();
    await expect(
      this.page.getByRole('heading', { level: 1, name: username, exact: true }),
    ).toBeVisible();
  }

  private async change(button: string, title: string, done: string) {
    await this.page.getByRole('button', { name: button, exact: true }).click();
    await expect(this.confirm.getByRole('heading', { name: title })).toBeVisible();
    await this.confirm.getByRole('button', { name: button, exact: true }).click();
    await expect(this.confirm).toBeHidden();
    await expect(toast(this.page, done)).toBeVisible();
  }

  async disableUser(username: string) {
    await this.openUser(username);
    await this.change('Disable user', `Disable ${username}?`, `${username} is disabled.`);
    await expect(this.page.getByTestId('user-status')).toHaveText('Disabled');
    await expect(this.page.getByRole('button', { name: 'Enable user' })).toBeVisible();
  }

  async enableUser(username: string) {
    await this.openUser(username);
    await this.change('Enable user', `Enable ${username}?`, `${username} is enabled.`);
    await expect(this.page.getByTestId('user-status')).toHaveText('Active');
    await expect(this.page.getByRole('button', { name: 'Disable user' })).toBeVisible();
  }

  async disableDemo(username: string) {
    await this.openUser(username);
    await this.change(
      'Disable demo mode',
      `Disable demo mode for ${username}?`,
      `Demo mode is off for ${username}.`,
    );
    await expect(this.page.getByTestId('user-demo')).toHaveText('Off');
    await expect(this.page.getByRole('button', { name: 'Enable demo mode' })).toBeVisible();
  }
}
