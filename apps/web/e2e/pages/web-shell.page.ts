import type { Locator, Page, Response } from '@playwright/test';

export const DOWN_URL_PATH = '/swx/customer/index/getParamByKey/down_url';

/** The customer app's placeholder shell, served at `/` and at every client-side route. */
export class WebShellPage {
  readonly html: Locator;
  readonly heading: Locator;
  readonly description: Locator;
  readonly androidAppLink: Locator;

  constructor(readonly page: Page) {
    this.html = page.locator('html');
    this.heading = page.getByRole('heading', { level: 1, name: 'SWX' });
    this.description = page.getByText('Markets, trading, investing and loans');
    this.androidAppLink = page.getByRole('link', { name: 'Android app' });
  }

  /** Opens `path` and waits until the shell has asked for the Android app address. */
  async open(path = '/'): Promise<Response | null> {
    const paramAsked = this.page.waitForResponse(
      (r) => new URL(r.url()).pathname === DOWN_URL_PATH,
    );
    const response = await this.page.goto(path);
    await paramAsked;
    return response;
  }

  /** Answers the shell's `down_url` request in the browser, leaving the server's setting alone. */
  async answerDownUrl(body: unknown): Promise<void> {
    await this.page.route(`**${DOWN_URL_PATH}`, (route) => route.fulfill({ json: body }));
  }
}
