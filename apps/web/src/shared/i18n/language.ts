import { DEFAULT_LOCALE, LOCALE_CODES, matchLocale, type Locale } from '@swx/i18n';

export const LANGUAGE_STORAGE_KEY = 'swx.lang';

/** `?lang=` accepts exactly the product's codes (any letter case); anything else is ignored. */
export function localeFromQuery(search: string): Locale | undefined {
  const value = new URLSearchParams(search).get('lang');
  if (!value) return undefined;
  return LOCALE_CODES.find((code) => code.toLowerCase() === value.toLowerCase());
}

/**
 * The language at startup: `?lang=` wins (and is then stored), then the stored choice, then the
 * browser's preferred languages, then English.
 */
export function pickInitialLocale(input: {
  search: string;
  stored: string | null;
  preferred: readonly string[];
}): { locale: Locale; fromQuery: boolean } {
  const fromQuery = localeFromQuery(input.search);
  if (fromQuery) return { locale: fromQuery, fromQuery: true };
  const stored = input.stored ? LOCALE_CODES.find((c) => c === input.stored) : undefined;
  if (stored) return { locale: stored, fromQuery: false };
  for (const tag of input.preferred) {
    const match = matchLocale(tag);
    if (match) return { locale: match, fromQuery: false };
  }
  return { locale: DEFAULT_LOCALE, fromQuery: false };
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode quotas); the choice then lasts for this page only.
  }
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The address without `?lang=`, so a later choice in the picker is not overridden on reload. */
export function withoutLangParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}${url.hash}`;
}
