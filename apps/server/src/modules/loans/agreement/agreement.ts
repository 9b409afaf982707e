import { createTranslator, loanCatalogues, type Locale } from '@swx/i18n';
import { dec } from '@swx/money';
import { DAY_MS, scheduleOf } from '../loans.rules';
import { PdfWriter } from './pdf-writer';

const t = createTranslator(loanCatalogues);

export interface AgreementTerms {
  locale: Locale;
  platform: string;
  borrowerName: string;
  username: string;
  productName: string;
  asset: string;
  amount: string;
  days: number;
  dailyRate: string;
  freeDays: number;
  penaltyRate: string;
  totalInterest: string;
  dueAmount: string;
  /** When the document is made: the signing time (or now, for a preview). */
  at: Date;
  /** Absent for a preview. */
  signed?: { loanNo: string; signature: Buffer };
}

/** A rate as a percentage without trailing zeros ("0.0015" -> "0.15"). */
export function percent(rate: string): string {
  return dec(rate).times(100).toFixed();
}

function dateOf(locale: Locale, at: Date): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(at);
}

function dateTimeOf(locale: Locale, at: Date): string {
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
    numberingSystem: 'latn',
    hourCycle: 'h23',
  }).format(at);
  return `${text} UTC`;
}

/**
 * The loan agreement in the borrower's language: both parties, the terms, the repayment schedule,
 * the conditions and, once signed, the agreement number and the drawn signature.
 */
export async function renderAgreement(terms: AgreementTerms): Promise<Buffer> {
  const { locale } = terms;
  const m = (key: string, values?: Record<string, string | number>) =>
    t(locale, `agreement.${key}`, values);
  const ui = (key: string, values?: Record<string, string | number>) => t(locale, key, values);
  const money = (value: string) => `${dec(value).toFixed()} ${terms.asset}`;
  const page = new PdfWriter({ locale, title: m('title') });

  page.heading(m('title'), 18);
  page.paragraph(terms.signed ? m('number', { loanNo: terms.signed.loanNo }) : m('preview'), {
    size: 10,
    gap: 10,
  });

  page.heading(m('parties'));
  page.table(
    [
      [m('lender'), m('lenderValue', { platform: terms.platform })],
      [m('borrower'), m('borrowerValue', { name: terms.borrowerName, username: terms.username })],
    ],
    [0.32, 0.68],
  );

  page.heading(m('terms'));
  const estimate = new Date(terms.at.getTime() + terms.days * DAY_MS);
  page.table(
    [
      [m('product'), terms.productName],
      [ui('amount'), money(terms.amount)],
      [ui('term'), m('termValue', { days: terms.days })],
      [ui('dailyRate'), ui('rateValue', { rate: percent(terms.dailyRate) })],
      [ui('freeDays'), ui('freeDaysValue', { days: terms.freeDays })],
      [ui('interest'), money(terms.totalInterest)],
      [m('dueAmount'), money(terms.dueAmount)],
      [ui('dueDate'), ui('dueDateValue', { days: terms.days, date: dateOf(locale, estimate) })],
      [ui('penalty'), ui('penaltyValue', { rate: percent(terms.penaltyRate) })],
    ],
    [0.4, 0.6],
  );

  page.heading(m('schedule'));
  page.table(
    [
      [m('scheduleDay'), ui('interest'), ui('total')],
      ...scheduleOf(terms).map((row) => [
        m('scheduleDayValue', { day: row.day }),
        money(row.interest),
        money(row.total),
      ]),
    ],
    [0.34, 0.33, 0.33],
    { header: true },
  );

  page.heading(m('conditions'));
  const penalty = percent(terms.penaltyRate);
  ['clause1', 'clause2', 'clause3', 'clause4'].forEach((key, i) =>
    page.paragraph(`${i + 1}. ${m(key, { rate: penalty })}`),
  );

  page.heading(m('signature'));
  if (terms.signed) {
    page.image(terms.signed.signature, m('signedAt', { date: dateTimeOf(locale, terms.at) }));
  } else {
    page.box(ui('signHere'));
  }
  page.paragraph(m('footer', { date: dateTimeOf(locale, terms.at) }), { size: 8 });
  return page.end();
}
