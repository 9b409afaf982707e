import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueCodes, UserLocale } from '@swx/contract';
import { describe, expect, it } from 'vitest';
import { checkCatalogues } from '../scripts/check';
import { errorCatalogues } from './error-catalogues';
import { createTranslator } from './format';
import { LOCALE_CODES, directionOf, negotiateLocale } from './locales';

describe('LOCALE_CODES', () => {
  // The contract cannot import this package (it imports the contract), so it lists the languages a
  // user may choose again: the two lists must stay one.
  it("is the contract's list of a user's languages, in the same order", () => {
    expect([...UserLocale.options]).toEqual([...LOCALE_CODES]);
  });
});

describe('negotiateLocale', () => {
  it.each([
    [undefined, undefined, 'en'],
    [undefined, 'ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    [undefined, 'fr-CA', 'fr'],
    [undefined, 'pt-BR,pt;q=0.9', 'pt'],
    [undefined, 'zh-HK', 'zh-TW'],
    [undefined, 'zh-Hant-TW', 'zh-TW'],
    [undefined, 'zh', 'zh-CN'],
    [undefined, 'zh-Hans-CN', 'zh-CN'],
    [undefined, 'nl-NL,de;q=0.5', 'de'],
    [undefined, 'en;q=0.1,ko;q=0.9', 'ko'],
    [undefined, 'xx, *', 'en'],
    ['ar', 'ja', 'ar'],
    ['zh-tw', undefined, 'zh-TW'],
    ['klingon', 'es', 'es'],
  ])('lang=%s accept=%s -> %s', (lang, accept, expected) => {
    expect(negotiateLocale(lang, accept)).toBe(expected);
  });

  it('knows Arabic is right-to-left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(LOCALE_CODES.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
  });
});

describe('error catalogue', () => {
  it('is complete in all 11 languages (the same check as npm run check)', () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
    expect(checkCatalogues(dir, catalogueCodes.map(String))).toEqual([]);
  });

  it('has a non-empty message for every code in every language, formatted with its parameters', () => {
    const translate = createTranslator(errorCatalogues);
    expect(LOCALE_CODES).toHaveLength(11);
    for (const locale of LOCALE_CODES) {
      for (const code of catalogueCodes) {
        const message = translate(locale, String(code), { requestId: 'REQ-1' });
        expect(message.trim(), `${locale} ${code}`).not.toBe('');
        expect(message, `${locale} ${code}`).not.toBe(String(code));
      }
      expect(translate(locale, '10102', { requestId: 'REQ-1' })).toContain('REQ-1');
    }
  });
});
