import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales');
const cache = new Map<string, Record<string, string>>();

/**
 * A message of the UI catalogues, so specs check the shipped text in every language; simple
 * `{name}` placeholders are filled from `values`.
 */
export function text(
  locale: string,
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const file = `${locale}/${namespace}`;
  let messages = cache.get(file);
  if (!messages) {
    messages = JSON.parse(readFileSync(join(locales, `${file}.json`), 'utf8')) as Record<
      string,
      string
    >;
    cache.set(file, messages);
  }
  const message = messages[key];
  if (message === undefined) throw new Error(`no message ${file}:${key}`);
  return message.replace(/\{(\w+)\}/gu, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Dotted keys of the English catalogues of some namespaces (what i18next shows when a message is missing). */
export function catalogueKeys(...namespaces: string[]): string[] {
  return namespaces.flatMap((ns) =>
    Object.keys(
      JSON.parse(readFileSync(join(locales, `en/${ns}.json`), 'utf8')) as Record<string, string>,
    ).filter((key) => key.includes('.')),
  );
}

/** The eleven languages of the product: the codes of the i18n package's list, not a copy. */
export { LOCALE_CODES as LOCALES, type Locale } from '../packages/i18n/src/locales';

/** Lines of the page that are catalogue keys of these namespaces: messages missing in its language. */
export async function rawKeys(page: Page, namespaces: string[]): Promise<string[]> {
  const keys = new Set(catalogueKeys(...namespaces));
  const lines = (await page.locator('body').innerText()).split('\n').map((l) => l.trim());
  return lines.filter((line) => keys.has(line));
}
