import { afterEach, describe, expect, it } from 'vitest';
import {
  UP_DOWN_STORAGE_KEY,
  conventionColours,
  defaultConvention,
  getConvention,
  resolveConvention,
  setConvention,
  setConventionLocale,
} from './up-down';

describe('up/down colour convention', () => {
  afterEach(() => localStorage.clear());

  it.each(['zh-CN', 'zh-TW', 'ja', 'ko'])('red up, green down by default for %s', (locale) => {
    expect(defaultConvention(locale)).toBe('red-up');
    expect(conventionColours(defaultConvention(locale))).toEqual({ up: 'red', down: 'green' });
  });

  it.each(['en', 'de', 'fr', 'it', 'es', 'pt', 'ar'])('green up, red down for %s', (locale) => {
    expect(defaultConvention(locale)).toBe('green-up');
    expect(conventionColours(defaultConvention(locale))).toEqual({ up: 'green', down: 'red' });
  });

  it('a stored choice wins over the language default; junk is ignored', () => {
    expect(resolveConvention('ja', 'green-up')).toBe('green-up');
    expect(resolveConvention('en', 'red-up')).toBe('red-up');
    expect(resolveConvention('ko', 'purple')).toBe('red-up');
  });

  it('follows the language until the user swaps, stores the swap and marks <html>', () => {
    setConventionLocale('ja');
    expect(getConvention()).toBe('red-up');
    expect(document.documentElement.dataset.updown).toBe('red-up');
    setConventionLocale('en');
    expect(getConvention()).toBe('green-up');
    setConvention('red-up');
    expect(localStorage.getItem(UP_DOWN_STORAGE_KEY)).toBe('red-up');
    expect(document.documentElement.dataset.updown).toBe('red-up');
    setConventionLocale('de');
    expect(getConvention()).toBe('red-up');
  });
});
