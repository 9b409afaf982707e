import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from '../support/toast';

export type ContentTab = 'Pages' | 'FAQ' | 'Notices';

/** Content list (tabs) and the editor of one item. */
export class ContentPage {
  readonly languages: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.languages = page.getByRole('radiogroup', { name: 'Language' });
    this.preview = page.getByTestId('content-preview');
  }

  async openTab(tab: ContentTab) {
    await this.page.getByRole('tab', { name: tab }).click();
    await expect(this.page.getByRole('tab', { name: tab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  /** Opens the editor of an item by slug and returns its id (from the editor's address). */
  async openEditor(slug: string): Promise<number> {
    await this.page.getByRole('link', { name: `Edit ${slug}`, exact: true }).click();
    await expect(this.page).toHaveURL(/\/admin\/content\/\d+$/);
    await expect(this.page.getByTestId('content-slug')).toHaveText(slug);
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  async selectLanguage(name: string) {
    await this.languages.getByRole('radio', { name: new RegExp(`^${name}`) }).click();
    await expect(this.page.getByRole('heading', { name: `${name} version` })).toBeVisible();
  }

  body(language: string): Locator {
    return this.page.getByLabel(`Body (${language}, HTML)`);
  }

  async appendToBody(language: string, html: string) {
    const body = this.body(language);
    const current = await body.inputValue();
    expect(current.length).toBeGreaterThan(0);
    await body.fill(current + html);
    await this.page.getByRole('button', { name: `Save ${language}` }).click();
    await expect(toast(this.page, `${language} version saved.`)).toBeVisible();
  }
}
