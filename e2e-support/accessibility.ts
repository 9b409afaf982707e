import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One rule broken on a page, as the audit reports it. */
export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The WCAG 2.x A and AA rules (and axe's best practices) run by axe-core on the page as it is;
 * answers the serious and critical violations, which the gate allows none of.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}
