import { test as base, expect } from '@playwright/test';
import { BrowserErrors } from '../../../e2e-support/browser-errors';

export interface WebOptions {
  /** Start as if the intro board had been dismissed in this browser session (most specs). */
  introDismissed: boolean;
  /** Console errors a spec expects (e.g. Chromium's line for a deliberate 404). */
  allowedConsoleErrors: readonly RegExp[];
}

/**
 * The customer app's test: every page is watched for console errors, uncaught exceptions and
 * CSP violations, and a test fails if any appeared.
 */
export const test = base.extend<WebOptions & { browserErrors: BrowserErrors }>({
  introDismissed: [true, { option: true }],
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, introDismissed }, use) => {
    if (introDismissed) {
      await page.addInitScript(() => sessionStorage.setItem('swx.introDismissed', '1'));
    }
    await use(page);
  },
  browserErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors = await BrowserErrors.watch(page);
      await use(errors);
      const unexpected = errors.messages.filter(
        (message) => !allowedConsoleErrors.some((allowed) => allowed.test(message)),
      );
      expect(unexpected, 'browser errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Whether this run uses the iPhone agent (mobile layout) or the desktop one. */
export function isMobileProject(projectName: string): boolean {
  return projectName.includes('mobile');
}
