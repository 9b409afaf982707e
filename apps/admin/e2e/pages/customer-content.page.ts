import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The customer site's content page (/detail?id=), reached from the back office in the same
 * browser. The customer site greets a new session with an intro board first; skip it like a
 * visitor would, then open the page again.
 */
export class CustomerContentPage {
  constructor(readonly page: Page) {}

  async open(id: number, expectedText: string): Promise<Locator> {
    const url = `/detail?id=${id}`;
    const text = this.page.getByText(expectedText);
    const skip = this.page
      .getByRole('button', { name: 'Skip', exact: true })
      .or(this.page.getByRole('link', { name: 'Skip', exact: true }));
    await this.page.goto(url);
    await expect(text.or(skip)).toBeVisible();
    if (await skip.isVisible()) {
      await skip.click();
      await this.page.goto(url);
    }
    return text;
  }
}
