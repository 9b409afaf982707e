import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey, UI_LOCALE } from './en';

export type MessageValues = Record<string, string | number>;

const compiled = new Map<MessageKey, IntlMessageFormat>();

/** Formats one UI message (ICU syntax, so plurals and later translations need no code change). */
export function t(key: MessageKey, values?: MessageValues): string {
  const source: string = en[key];
  if (!source.includes('{')) return source;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, UI_LOCALE);
    compiled.set(key, format);
  }
  const out = format.format(values);
  return typeof out === 'string' ? out : String(out);
}
