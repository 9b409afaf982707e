import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, type Locale } from './locales';

type Catalogues = Readonly<Record<Locale, Readonly<Record<string, string>>>>;
type Values = Record<string, string | number>;

/**
 * Formats ICU messages from a set of catalogues, falling back to English for a missing key (the
 * completeness check keeps that from happening in a release) and to the key itself as a last resort.
 * Compiled formats are cached per locale and key.
 */
export function createTranslator(catalogues: Catalogues) {
  const cache = new Map<string, IntlMessageFormat>();
  return function translate(locale: Locale, key: string, values?: Values): string {
    const cacheKey = `${locale}\u0000${key}`;
    let format = cache.get(cacheKey);
    if (!format) {
      const own = catalogues[locale][key];
      const source = own ?? catalogues[DEFAULT_LOCALE][key];
      if (source === undefined) return key;
      format = new IntlMessageFormat(source, own === undefined ? DEFAULT_LOCALE : locale);
      cache.set(cacheKey, format);
    }
    const out = format.format(values);
    return typeof out === 'string' ? out : String(out);
  };
}
