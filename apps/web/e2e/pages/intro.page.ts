import type { Locator, Page } from '@playwright/test';

/** The intro board: at /introduction, or in place of the page a first visit asked for. */
export class IntroPage {
  readonly heading: Locator;
  readonly slides: Locator;
  readonly continueButton: Locator;
  readonly skipButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.slides = page.locator('[data-slide]');
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.skipButton = page.getByRole('button', { name: 'Skip' });
  }
}
