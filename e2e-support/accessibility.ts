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
 *
 * axe.run in the page itself (AxeBuilder's legacy mode): its default runs axe.runPartial in each
 * frame, then opens a blank page, injects axe-core a second time and finishes there, which took
 * 2.2 s a page against 0.8 s (the signed-in pages on the desktop, `-g signed-in`). That mode is
 * for cross-origin frames, and the app has none; same-origin frames are still audited.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
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
