import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTranslator, loanCatalogues, LOCALE_CODES, type Locale } from '@swx/i18n';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAgreement, type AgreementTerms } from './agreement';

/**
 * The agreement checked as a reader's tool sees it: poppler's pdftotext (installed by .ci/run)
 * must find the terms and names in English, Japanese, Chinese and Arabic, the Arabic in logical
 * order. Without pdftotext (a developer machine without poppler-utils) the test is skipped, never
 * in CI.
 */
const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;
if (!hasPdftotext && process.env.CI) throw new Error('pdftotext is required in CI (poppler-utils)');

const t = createTranslator(loanCatalogues);
const dir = mkdtempSync(join(tmpdir(), 'agreement-'));
let signature: Buffer;

beforeAll(async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#fff"/><path d="M10 60 C 60 10, 120 90, 290 40" stroke="#111" stroke-width="4" fill="none"/></svg>`;
  signature = await sharp(Buffer.from(svg)).png().toBuffer();
});

function terms(locale: Locale, borrowerName: string): AgreementTerms {
  return {
    locale,
    platform: 'SWX',
    borrowerName,
    username: 'borrower01',
    productName: 'Flexible USDT',
    asset: 'USDT',
    amount: '1000',
    days: 30,
    dailyRate: '0.001',
    freeDays: 3,
    penaltyRate: '0.005',
    totalInterest: '27',
    dueAmount: '1027',
    at: new Date('2026-11-25T09:30:00Z'),
    signed: { loanNo: 'LN2611250930001234', signature },
  };
}

async function textOf(locale: Locale, borrowerName: string): Promise<string> {
  const pdf = await renderAgreement(terms(locale, borrowerName));
  const file = join(dir, `${locale}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftotext', ['-enc', 'UTF-8', file, join(dir, `${locale}.txt`)]);
  return readFileSync(join(dir, `${locale}.txt`), 'utf8').replace(
    /[\u200e\u200f\u202a-\u202e]/gu,
    '',
  );
}

describe.skipIf(!hasPdftotext)('the loan agreement PDF', () => {
  it.each([
    ['en', 'Alice Smith'],
    ['ja', '山田 花子'],
    ['zh-CN', '王 小明'],
    ['ar', 'ليلى حسن'],
  ] as const)(
    '%s: the terms, both parties and the schedule can be read back',
    async (locale, name) => {
      const text = await textOf(locale, name);
      const m = (key: string, values?: Record<string, string | number>) => t(locale, key, values);
      for (const expected of [
        m('agreement.title'),
        'LN2611250930001234',
        'SWX',
        name,
        'borrower01',
        'Flexible USDT',
        '1000 USDT',
        '27 USDT',
        '1027 USDT',
        '1004 USDT',
        m('agreement.schedule'),
        m('agreement.signature'),
      ]) {
        // Inside Arabic, "1000 USDT" is two runs: the number is read first, at the right, so a
        // left-to-right dump of the line shows "USDT 1000" (as a browser would display it).
        const [amount, asset] = expected.split(' ');
        if (locale === 'ar' && asset === 'USDT') {
          expect(text, `${locale}: ${expected}`).toMatch(
            new RegExp(`USDT ${amount}|${amount} USDT`),
          );
        } else expect(text, `${locale}: ${expected}`).toContain(expected);
      }
    },
    60_000,
  );

  it('Arabic comes out in logical order, letters joined and right', async () => {
    const text = await textOf('ar', 'ليلى حسن');
    // Whole phrases in reading order (pdftotext writes right-to-left lines logically).
    const lines = text.split('\n').map((l) => l.trim());
    expect(lines).toContain(t('ar', 'agreement.title'));
    expect(lines).toContain(t('ar', 'agreement.conditions'));
    expect(lines).toContain(t('ar', 'agreement.schedule'));
    expect(text).toContain('ليلى حسن');
    // The first words of each clause, as written (lam-alef ligatures included). Spacing around
    // punctuation is left aside: poppler guesses word gaps from glyph positions.
    const squeeze = (s: string) => s.replace(/\s+/gu, ' ').replace(/ ?([،.:]) ?/gu, '$1');
    for (const key of ['clause1', 'clause2', 'clause3', 'clause4']) {
      const words = t('ar', `agreement.${key}`, { rate: '0.5' }).split(' ').slice(0, 6).join(' ');
      expect(squeeze(text)).toContain(squeeze(words));
    }
  }, 60_000);

  // A4 with the writer's margin of 56 pt: every word of every language, a long mixed-script name
  // included, must stay between the margins (wrapping measures lines; a wrong measure overflows).
  it('every word of every language stays inside the margins', async () => {
    const name = 'Alexandra Konstantinopoulou-Wright ليلى حسن 山田 花子 (Ltd.)';
    for (const locale of LOCALE_CODES) {
      const file = join(dir, `${locale}-margins.pdf`);
      writeFileSync(file, await renderAgreement(terms(locale, name)));
      const html = execFileSync('pdftotext', ['-bbox', file, '-']).toString();
      const width = Number(/<page width="([\d.]+)"/u.exec(html)?.[1]);
      expect(width, locale).toBeCloseTo(595.28, 1);
      const words = [
        ...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</gu),
      ];
      expect(words.length, locale).toBeGreaterThan(40);
      for (const [, xMin, xMax, word] of words) {
        expect(Number(xMin), `${locale}: ${word}`).toBeGreaterThanOrEqual(56 - 1);
        expect(Number(xMax), `${locale}: ${word}`).toBeLessThanOrEqual(width - 56 + 1);
      }
    }
  }, 120_000);

  it('a preview has no number and a box where the signature goes', async () => {
    if (!hasPdftotext) return;
    const preview: AgreementTerms = { ...terms('en', 'Alice Smith') };
    delete preview.signed;
    const pdf = await renderAgreement(preview);
    writeFileSync(join(dir, 'preview.pdf'), pdf);
    const text = execFileSync('pdftotext', [join(dir, 'preview.pdf'), '-']).toString();
    expect(text).toContain(t('en', 'agreement.preview'));
    expect(text).not.toContain('LN26');
  }, 60_000);
});
