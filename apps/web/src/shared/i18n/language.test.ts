import { describe, expect, it } from 'vitest';
import { localeFromQuery, pickInitialLocale, withoutLangParam } from './language';

describe('initial language', () => {
  it.each([
    ['?lang=ja', null, ['en-US'], 'ja', true],
    ['?lang=zh-tw', null, [], 'zh-TW', true],
    ['?lang=ar&x=1', 'de', ['fr'], 'ar', true],
    ['?lang=xx', 'de', ['fr'], 'de', false],
    ['?lang=zh', null, ['ko'], 'ko', false],
    ['', 'ko', ['ja'], 'ko', false],
    ['', 'klingon', ['pt-BR', 'en'], 'pt', false],
    ['', null, ['zh-HK'], 'zh-TW', false],
    ['', null, ['nl-NL', 'it'], 'it', false],
    ['', null, ['nl-NL'], 'en', false],
    ['', null, [], 'en', false],
  ])('search %s stored %s preferred %j -> %s', (search, stored, preferred, locale, fromQuery) => {
    expect(pickInitialLocale({ search, stored, preferred })).toEqual({ locale, fromQuery });
  });

  it('reads only the 11 codes from ?lang=', () => {
    expect(localeFromQuery('?lang=JA')).toBe('ja');
    expect(localeFromQuery('?lang=ja-JP')).toBeUndefined();
    expect(localeFromQuery('?foo=1')).toBeUndefined();
  });

  it('drops ?lang= from the address and keeps the rest', () => {
    expect(withoutLangParam('http://x.test/detail?id=3&lang=ja&title=A%20B#top')).toBe(
      '/detail?id=3&title=A+B#top',
    );
    expect(withoutLangParam('http://x.test/?lang=ar')).toBe('/');
  });
});
