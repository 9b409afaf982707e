import type { Locale } from './locales';
import en from '../locales/en/mail.json';
import ja from '../locales/ja/mail.json';
import ko from '../locales/ko/mail.json';
import de from '../locales/de/mail.json';
import fr from '../locales/fr/mail.json';
import it from '../locales/it/mail.json';
import es from '../locales/es/mail.json';
import pt from '../locales/pt/mail.json';
import ar from '../locales/ar/mail.json';
import zhTW from '../locales/zh-TW/mail.json';
import zhCN from '../locales/zh-CN/mail.json';

/** The `mail` namespace (verification mails and SMS texts) for every locale, bundled with the server. */
export const mailCatalogues: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
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
