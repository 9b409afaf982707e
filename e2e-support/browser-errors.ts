import type { Page } from '@playwright/test';

/**
 * Console errors, uncaught exceptions and CSP violations a page reports. Chromium reports a CSP
 * violation as a console message only for some directives, so the `securitypolicyviolation` event
 * is forwarded too; the init script is injected by the browser and is itself exempt from the CSP.
 */
export class BrowserErrors {
  readonly messages: string[] = [];

  private constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Chromium's "Failed to load resource" line names no address: the location does.
      const where = message.location().url;
      const text = message.text();
      this.messages.push(
        `console: ${text}${text.startsWith('Failed to load resource') && where ? ` (${where})` : ''}`,
      );
    });
    page.on('pageerror', (error) => this.messages.push(`pageerror: ${error.message}`));
  }

  static async watch(page: Page): Promise<BrowserErrors> {
    const errors = new BrowserErrors(page);
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
        );
      });
    });
    return errors;
  }
}
