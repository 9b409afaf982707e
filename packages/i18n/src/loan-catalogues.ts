import type { Locale } from './locales';
import en from '../locales/en/loan.json';
import ja from '../locales/ja/loan.json';
import ko from '../locales/ko/loan.json';
import de from '../locales/de/loan.json';
import fr from '../locales/fr/loan.json';
import it from '../locales/it/loan.json';
import es from '../locales/es/loan.json';
import pt from '../locales/pt/loan.json';
import ar from '../locales/ar/loan.json';
import zhTW from '../locales/zh-TW/loan.json';
import zhCN from '../locales/zh-CN/loan.json';

/** The `loan` namespace (the loan screens and the agreement PDF) for every locale, bundled with the server. */
export const loanCatalogues: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
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
