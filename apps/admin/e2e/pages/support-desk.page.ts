import { expect, type Locator, type Page } from '@playwright/test';

export type QueueTab = 'waiting' | 'open' | 'mine' | 'closed';

/** /admin/support: the queue, one conversation, and the canned replies. */
export class SupportDeskPage {
  readonly navLink: Locator;
  readonly badge: Locator;
  readonly heading: Locator;
  readonly messages: Locator;
  readonly composer: Locator;
  readonly send: Locator;
  readonly canned: Locator;
  readonly imageInput: Locator;
  readonly context: Locator;
  readonly status: Locator;
  readonly typing: Locator;
  readonly readReceipt: Locator;

  constructor(readonly page: Page) {
    // The link's name carries the unread count for screen readers ("Support 1 unread …").
    this.navLink = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Support\b/ });
    this.badge = page.getByTestId('support-badge');
    this.heading = page.getByRole('heading', { level: 1, name: 'Support', exact: true });
    this.messages = page.getByTestId('support-message');
    this.composer = page.getByTestId('support-composer');
    this.send = page.getByTestId('support-send');
    this.canned = page.getByTestId('support-canned');
    this.imageInput = page.getByTestId('support-image-input');
    this.context = page.getByTestId('support-context');
    this.status = page.getByTestId('support-status');
    this.typing = page.getByTestId('support-typing');
    this.readReceipt = page.getByTestId('support-read');
  }

  async openQueue() {
    await this.navLink.click();
    await expect(this.heading).toBeVisible();
  }

  async tab(name: QueueTab) {
    await this.page.getByTestId(`support-filter-${name}`).click();
    await expect(this.page.getByTestId(`support-filter-${name}`)).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  row(conversationId: number): Locator {
    return this.page.locator(
      `[data-testid="support-row"][data-conversation-id="${conversationId}"]`,
    );
  }

  async openConversation(conversationId: number) {
    await this.row(conversationId).click();
    await expect(this.page).toHaveURL(new RegExp(`/admin/support/${conversationId}$`));
    await expect(this.composer).toBeVisible();
  }

  /**
   * The count the sidebar shows; 0 when the badge is hidden. One read that never waits: counting
   * the badge and then reading its text raced the badge going away (it was there for the count,
   * gone for the text, and the text waited for it until the poll's own time ran out).
   */
  async badgeCount(): Promise<number> {
    const [text] = await this.badge.allTextContents();
    return text === undefined ? 0 : Number(text);
  }
}

/** /admin/support/canned: the list and its editor. */
export class CannedRepliesPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async open() {
    await this.page.getByRole('link', { name: 'Canned replies' }).click();
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Canned replies', exact: true }),
    ).toBeVisible();
  }

  row(title: string): Locator {
    return this.page.locator(`[data-testid="canned-row"][data-title="${title}"]`);
  }

  text(locale: string): Locator {
    return this.dialog.getByTestId(`canned-text-${locale}`);
  }
}
