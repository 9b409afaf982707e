import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import ICU from 'i18next-icu';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { isPlainMessage, withPlainMessages } from './plain-messages';

const LOCALES = join(__dirname, '../../../../../packages/i18n/locales');

describe('plain messages skip the ICU formatter', () => {
  it.each([
    ['Deposit', true],
    ["Don't miss it", true],
    ['<b>bold</b> stays text', true],
    ['{count, plural, one {# order} other {# orders}}', false],
    ['Hello {name}', false],
    ["It''s", false],
    ['a } brace', false],
  ])('%j is plain: %s', (message, plain) => {
    expect(isPlainMessage(message)).toBe(plain);
  });

  it('formats every plain message of every catalogue to itself, as IntlMessageFormat does', () => {
    let checked = 0;
    for (const locale of readdirSync(LOCALES)) {
      for (const file of readdirSync(join(LOCALES, locale))) {
        const messages = JSON.parse(readFileSync(join(LOCALES, locale, file), 'utf8')) as Record<
          string,
          string
        >;
        for (const message of Object.values(messages)) {
          if (!isPlainMessage(message)) continue;
          const formatted = new IntlMessageFormat(message, locale, undefined, {
            ignoreTag: true,
          }).format();
          expect(formatted, `${locale}/${file}: ${message}`).toBe(message);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('still formats ICU messages through i18next', async () => {
    const i18n = createInstance();
    await i18n.use(withPlainMessages(ICU)).init({
      lng: 'en',
      resources: {
        en: {
          translation: {
            plain: 'Deposit',
            count: '{count, plural, one {# order} other {# orders}}',
            quoted: "It''s {name}",
          },
        },
      },
    });
    expect(i18n.t('plain')).toBe('Deposit');
    expect(i18n.t('count', { count: 2 })).toBe('2 orders');
    expect(i18n.t('quoted', { name: 'here' })).toBe("It's here");
  });
});
