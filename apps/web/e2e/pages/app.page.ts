import type { Locator, Page, Response } from '@playwright/test';

export const API = {
  listContents: (type: number) => `/swx/customer/index/listContents/${type}`,
  listNotices: '/swx/customer/index/listNotices',
  listFaq: '/swx/customer/index/listFaq',
  downUrl: '/swx/customer/index/getParamByKey/down_url',
  content: (id: number) => `/swx/customer/index/getContentsById/${id}`,
};

/** The customer app's frame: document, navigation, footer, language and theme controls. */
export class AppPage {
  readonly html: Locator;
  readonly main: Locator;
  readonly heading: Locator;
  readonly mainNavigation: Locator;
  readonly footer: Locator;
  readonly languagePicker: Locator;

  constructor(readonly page: Page) {
    this.html = page.locator('html');
    this.main = page.locator('main#main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.mainNavigation = page
      .locator('nav[aria-label]')
      .filter({ has: page.locator('[data-nav]') });
    this.footer = page.getByRole('contentinfo');
    this.languagePicker = page.getByTestId('language-picker');
  }

  async open(path: string): Promise<Response | null> {
    const response = await this.page.goto(path);
    await this.heading.first().waitFor();
    return response;
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  navEntry(id: string): Locator {
    return this.page.locator(`[data-nav="${id}"]`);
  }

  footerGroup(id: 'company' | 'statements' | 'policy' | 'product'): Locator {
    return this.footer.locator(`[data-footer-group="${id}"]`);
  }

  /** Picks a language in the header menu by its own name (e.g. "日本語"). */
  async chooseLanguage(code: string): Promise<void> {
    await this.languagePicker.click();
    await this.page.locator(`[role="menuitemradio"][data-lang="${code}"]`).click();
  }

  storage(key: string): Promise<string | null> {
    return this.page.evaluate((k) => localStorage.getItem(k), key);
  }
}
