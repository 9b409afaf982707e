import type { Locator, Page } from '@playwright/test';

/** A toast by its text, inside the notifications region (not Radix's screen-reader copy of it). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text);
}
