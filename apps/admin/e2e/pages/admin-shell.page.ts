import type { Locator, Page, Response } from '@playwright/test';

/** The back office's placeholder shell, served at /admin/ and at every client-side route below it. */
export class AdminShellPage {
  readonly html: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.html = page.locator('html');
    this.heading = page.getByRole('heading', { level: 1, name: 'SWX back office' });
  }

  async open(path = '/admin/'): Promise<Response | null> {
    return this.page.goto(path);
  }
}
