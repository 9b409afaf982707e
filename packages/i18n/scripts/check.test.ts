import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../src/locales';
import { checkCatalogues } from './check';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function fixture(edit: (locale: string, messages: Record<string, string>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-'));
  made.push(dir);
  for (const locale of LOCALE_CODES) {
    mkdirSync(join(dir, locale));
    const messages: Record<string, string> = { '10001': 'Enter {name}', '10002': 'Plain' };
    edit(locale, messages);
    writeFileSync(join(dir, locale, 'errors.json'), JSON.stringify(messages));
  }
  return dir;
}

describe('catalogue completeness check', () => {
  it('passes complete catalogues', () => {
    expect(
      checkCatalogues(
        fixture(() => {}),
        ['10001', '10002'],
      ),
    ).toEqual([]);
  });

  it('finds a missing key', () => {
    const dir = fixture((l, m) => {
      if (l === 'ar') delete m['10002'];
    });
    expect(checkCatalogues(dir, ['10001'])).toEqual(['ar/errors.json: missing key "10002"']);
  });

  it('finds an extra key and an empty message', () => {
    const dir = fixture((l, m) => {
      if (l === 'ja') m.extra = 'x';
      if (l === 'ko') m['10002'] = ' ';
    });
    expect(checkCatalogues(dir, [])).toEqual([
      'ja/errors.json: extra key "extra"',
      'ko/errors.json: empty message for "10002"',
    ]);
  });

  it('finds mismatched placeholders', () => {
    const dir = fixture((l, m) => {
      if (l === 'de') m['10001'] = 'Bitte {nom} eingeben';
    });
    expect(checkCatalogues(dir, [])).toHaveLength(1);
  });

  it('finds a catalogue code without an English message', () => {
    expect(
      checkCatalogues(
        fixture(() => {}),
        ['10001', '10093'],
      ),
    ).toEqual(['en/errors.json: no message for code 10093']);
  });
});
