import { createTranslator, errorCatalogues, type Locale } from '@swx/i18n';

const translate = createTranslator(errorCatalogues);

/** The catalogue message for a reply code in the caller's language. */
export function messageFor(
  locale: Locale,
  code: number,
  params?: Record<string, string | number>,
): string {
  return translate(locale, String(code), params);
}
