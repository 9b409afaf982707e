import { createInstance, type BackendModule, type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_CODES, directionOf, isLocale, type Locale } from '@swx/i18n';
import { loadCatalogue } from './catalogues';
import { withPlainMessages } from './plain-messages';
import { storeLocale } from './language';

/** Reads catalogues from the per-language chunks; i18next asks for each namespace when first used. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    loadCatalogue(language, namespace).then(
      (messages) => callback(null, messages),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n: I18n = createInstance();

/** `<html lang dir>` follows the active language. */
function applyDocumentLanguage(locale: string) {
  const code: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

export async function initI18n(locale: Locale): Promise<I18n> {
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use(withPlainMessages(ICU))
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...LOCALE_CODES],
      // The completeness check guarantees every key in every language, so English is never
      // fetched as a fallback for another language.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common', 'errors'],
      defaultNS: 'common',
      // Catalogues are flat ("nav.home"), which the completeness check requires.
      keySeparator: false,
      nsSeparator: ':',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(i18n.language);
  return i18n;
}

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return lng && isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/** Switches the UI language (catalogues load first, so the screen never shows raw keys). */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}
