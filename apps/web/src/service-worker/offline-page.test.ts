import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import ar from '../../../../packages/i18n/locales/ar/common.json';
import en from '../../../../packages/i18n/locales/en/common.json';
import { OFFLINE_PAGE_CSP, renderOfflinePage } from './offline-page';
import { parsePageMessage } from './sw-messages';

const catalogues: Record<string, Record<string, string>> = { en, ar };
const catalogue = (locale: string) => catalogues[locale]!;

const textsOf = (locale: string) => {
  const messages = catalogue(locale);
  return {
    title: messages['offline.title']!,
    body: messages['offline.body']!,
    retry: messages['offline.retry']!,
  };
};

// happy-dom's own parser: this folder's programme has the worker's globals, not the DOM's.
function parse(html: string) {
  return new new Window().DOMParser().parseFromString(html, 'text/html');
}

describe('renderOfflinePage', () => {
  it('shows the English texts of common.json with a link that loads the page again', () => {
    const doc = parse(
      renderOfflinePage({
        locale: 'en',
        dir: 'ltr',
        texts: textsOf('en'),
        theme: undefined,
        retryHref: '/market?tab=spot',
      }),
    );
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.documentElement.dir).toBe('ltr');
    expect(doc.querySelector('h1')?.textContent).toBe('You are offline');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('/market?tab=spot');
    expect(doc.querySelector('a')?.textContent).toBe('Try again');
    expect(doc.title).toBe('You are offline · SWX');
  });

  it('is right-to-left in Arabic, with the Arabic texts', () => {
    const doc = parse(
      renderOfflinePage({
        locale: 'ar',
        dir: 'rtl',
        texts: textsOf('ar'),
        theme: 'dark',
        retryHref: '/',
      }),
    );
    expect(doc.documentElement.lang).toBe('ar');
    expect(doc.documentElement.dir).toBe('rtl');
    expect(doc.querySelector('h1')?.textContent).toBe(catalogue('ar')['offline.title']);
  });

  it('escapes what it writes (the address comes from the request)', () => {
    const html = renderOfflinePage({
      locale: 'en',
      dir: 'ltr',
      texts: { title: '<b>t</b>', body: 'a & b', retry: '"r"' },
      theme: undefined,
      retryHref: '/x"><script>alert(1)</script>',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(parse(html).querySelector('a')?.getAttribute('href')).toBe(
      '/x"><script>alert(1)</script>',
    );
  });

  it('follows the stored theme, else the system preference', () => {
    const base = { locale: 'en', dir: 'ltr' as const, texts: textsOf('en'), retryHref: '/' };
    expect(renderOfflinePage({ ...base, theme: 'dark' })).toContain('--canvas:#0c1117');
    expect(renderOfflinePage({ ...base, theme: 'dark' })).not.toContain('prefers-color-scheme');
    expect(renderOfflinePage({ ...base, theme: undefined })).toContain('prefers-color-scheme:dark');
  });

  it('runs no script: its policy allows none', () => {
    expect(OFFLINE_PAGE_CSP).toContain("default-src 'none'");
    expect(OFFLINE_PAGE_CSP).not.toContain('script-src');
  });
});

describe('parsePageMessage', () => {
  it('reads the two messages the page sends', () => {
    expect(parsePageMessage({ type: 'prefs', locale: 'ar', theme: 'dark' })).toEqual({
      type: 'prefs',
      locale: 'ar',
      theme: 'dark',
    });
    expect(parsePageMessage({ type: 'prefs', locale: 'en', theme: 'neon' })).toEqual({
      type: 'prefs',
      locale: 'en',
      theme: undefined,
    });
    expect(parsePageMessage({ type: 'cache-loaded', urls: ['/assets/a.js', 3, null] })).toEqual({
      type: 'cache-loaded',
      urls: ['/assets/a.js'],
    });
  });

  it('ignores anything else', () => {
    for (const data of [
      null,
      'prefs',
      42,
      {},
      { type: 'prefs' },
      { type: 'prefs', locale: 'x'.repeat(40) },
      { type: 'cache-loaded', urls: 'a' },
      { type: 'skip-waiting' },
    ]) {
      expect(parsePageMessage(data), JSON.stringify(data)).toBeUndefined();
    }
  });

  it('caps the number of addresses', () => {
    const urls = Array.from({ length: 500 }, (_, i) => `/assets/${i}.js`);
    const parsed = parsePageMessage({ type: 'cache-loaded', urls });
    expect(parsed?.type === 'cache-loaded' && parsed.urls.length).toBe(200);
  });
});
