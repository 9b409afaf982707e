import type { Locator, Page } from '@playwright/test';

/** The help centre, the FAQ, the notices and content pages. */
export class HelpPages {
  readonly searchBox: Locator;
  readonly categoryCards: Locator;
  readonly faqGroups: Locator;
  readonly faqItems: Locator;
  readonly notices: Locator;
  readonly prose: Locator;
  readonly untranslatedNote: Locator;

  constructor(readonly page: Page) {
    this.searchBox = page.getByRole('searchbox');
    this.categoryCards = page.locator('[data-category]');
    this.faqGroups = page.locator('[data-faq-group]');
    this.faqItems = page.locator('[data-faq-item]');
    this.notices = page.locator('[data-notice]');
    this.prose = page.locator('.prose-content');
    this.untranslatedNote = page.getByTestId('untranslated-note');
  }

  faqQuestion(text: string | RegExp): Locator {
    return this.page.getByRole('button', { name: text });
  }
}
