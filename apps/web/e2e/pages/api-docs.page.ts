import type { Locator, Page } from '@playwright/test';

/** Swagger UI at /docs, rendered by the browser from /docs/json. */
export class ApiDocsPage {
  readonly operations: Locator;

  constructor(readonly page: Page) {
    this.operations = page.locator('.opblock');
  }

  async open(): Promise<void> {
    await this.page.goto('/docs');
  }

  operation(pathText: string): Locator {
    return this.operations.filter({ hasText: pathText });
  }
}
