import type { Locale } from './locales';
import en from '../locales/en/errors.json';
import ja from '../locales/ja/errors.json';
import ko from '../locales/ko/errors.json';
import de from '../locales/de/errors.json';
import fr from '../locales/fr/errors.json';
import it from '../locales/it/errors.json';
import es from '../locales/es/errors.json';
import pt from '../locales/pt/errors.json';
import ar from '../locales/ar/errors.json';
import zhTW from '../locales/zh-TW/errors.json';
import zhCN from '../locales/zh-CN/errors.json';

/** The `errors` namespace (API codes and their messages) for every locale, bundled with the server. */
export const errorCatalogues: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en,
  ja,
  ko,
  de,
  fr,
  it,
  es,
  pt,
  ar,
  'zh-TW': zhTW,
  'zh-CN': zhCN,
};
