import { createHash } from 'node:crypto';
import type { Loan, LoanProduct } from '@swx/contract';
import { isLocale, type Locale } from '@swx/i18n';
import { dec, fitsScale } from '@swx/money';
import sharp from 'sharp';
import type { EventBus } from '../../platform/bus';
import { uniqueViolation, type Db, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { publishUserEvent } from '../../platform/socket-hub';
import type { FileStore } from '../../platform/storage';
import { verifiedNameOf } from '../kyc';
import type { AccountRef } from '../ledger';
import type { ParamsReader } from '../params';
import { withOrderNumber } from '../triggers';
import { selectUserById } from '../users';
import { renderAgreement, type AgreementTerms } from './agreement/agreement';
import {
  hasOpenLoan,
  insertLoan,
  selectLoan,
  selectLoanPage,
  selectProduct,
  selectProducts,
  type LoanProductRow,
  type LoanRow,
} from './loans.repo';
import { damagesPerDay, daysBegun, dueAmountOf, interestOf, overdueDaysAt } from './loans.rules';

export interface LoanDeps {
  db: Db;
  bus: EventBus;
  params: ParamsReader;
  store: FileStore;
  /** The platform's clock (the fake one in tests). */
  now: () => Date;
  /** The lender named in agreements. */
  platform: string;
}

export const LOAN_BOOK: AccountRef = { owner: 'system', name: 'loan_book' };
export const available = (userId: number): AccountRef => ({
  owner: 'user',
  userId,
  bucket: 'available',
});

/** The platform's terms stored on each loan: interest-free days and the overdue rate. */
export async function platformTerms(deps: Pick<LoanDeps, 'params'>) {
  const [freeDays, penaltyRate] = await Promise.all([
    deps.params.get('loan_free_days'),
    deps.params.get('loan_overdue_penalty_rate'),
  ]);
  return { freeDays: Number(freeDays), penaltyRate: dec(penaltyRate).toFixed() };
}

export function toProduct(
  row: LoanProductRow,
  platform: { freeDays: number; penaltyRate: string },
): LoanProduct {
  return {
    id: row.id,
    name: row.name,
    asset: row.asset,
    minAmount: dec(row.minAmount).toFixed(),
    maxAmount: dec(row.maxAmount).toFixed(),
    terms: row.terms,
    dailyRate: dec(row.dailyRate).toFixed(),
    ...platform,
  };
}

export async function listProducts(deps: LoanDeps): Promise<LoanProduct[]> {
  const platform = await platformTerms(deps);
  return (await selectProducts(deps.db, true)).map((row) => toProduct(row, platform));
}

/** What the loan owes if repaid at `now`: principal, the interest so far and any damages. */
export function owedAt(row: LoanRow, now: Date) {
  if (row.state === 'expired' && row.dueAt) {
    const overdueDays = Math.max(row.overdueDays, overdueDaysAt(row.dueAt, now));
    const damages = dec(damagesPerDay(row.dueAmount, row.penaltyRate, row.asset)).times(
      overdueDays,
    );
    return {
      interest: dec(row.totalInterest).toFixed(),
      damages: damages.toFixed(),
      overdueDays,
      total: dec(row.dueAmount).plus(damages).toFixed(),
    };
  }
  const elapsed = row.approvedAt ? daysBegun(row.approvedAt, now) : 0;
  const interest = row.state === 'repaying' ? interestOf(row, elapsed) : '0';
  return {
    interest,
    damages: dec(row.damages).toFixed(),
    overdueDays: row.overdueDays,
    total: dec(row.amount).plus(interest).toFixed(),
  };
}

export function toLoan(row: LoanRow, now: Date): Loan {
  const owed = owedAt(row, now);
  const open = row.state === 'repaying' || row.state === 'expired';
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    loanNo: row.loanNo,
    productId: row.productId,
    productName: row.productName,
    asset: row.asset,
    amount: dec(row.amount).toFixed(),
    days: row.days,
    dailyRate: dec(row.dailyRate).toFixed(),
    freeDays: row.freeDays,
    penaltyRate: dec(row.penaltyRate).toFixed(),
    totalInterest: dec(row.totalInterest).toFixed(),
    dueAmount: dec(row.dueAmount).toFixed(),
    state: row.state,
    reason: row.reason,
    appliedAt: row.appliedAt.toISOString(),
    approvedAt: iso(row.approvedAt),
    dueAt: iso(row.dueAt),
    currentInterest: open
      ? owed.interest
      : row.interestPaid === null
        ? '0'
        : dec(row.interestPaid).toFixed(),
    damages: open ? owed.damages : dec(row.damages).toFixed(),
    overdueDays: open ? owed.overdueDays : row.overdueDays,
    repayNow: open ? owed.total : '0',
    repaidAt: iso(row.repaidAt),
    repaidAmount: row.repaidAmount === null ? null : dec(row.repaidAmount).toFixed(),
    agreementSha256: row.agreementSha256,
  };
}

/** The product and the checked terms of an application or a preview. */
async function termsOf(deps: LoanDeps, body: { productId: number; amount: string; days: number }) {
  const product = await selectProduct(deps.db, body.productId);
  if (!product?.enabled) throw new AppError(10151);
  if (!product.terms.includes(body.days)) throw new AppError(10023);
  const amount = dec(body.amount);
  if (
    !fitsScale(amount, product.asset) ||
    amount.lt(product.minAmount) ||
    amount.gt(product.maxAmount)
  )
    throw new AppError(10148);
  const platform = await platformTerms(deps);
  const terms = {
    amount: amount.toFixed(),
    days: body.days,
    dailyRate: dec(product.dailyRate).toFixed(),
    asset: product.asset,
    ...platform,
  };
  return { product, terms: { ...terms, ...dueAmountOf(terms) } };
}

async function borrowerOf(db: Executor, userId: number, requested: Locale | undefined) {
  const name = await verifiedNameOf(db, userId);
  const user = await selectUserById(db, userId);
  if (!user) throw new AppError(10009);
  const stored = isLocale(user.locale) ? user.locale : 'en';
  return { name, username: user.username, locale: requested ?? stored };
}

/** The agreement as it would be signed, in the reader's language, without a signature. */
export async function previewAgreement(
  deps: LoanDeps,
  userId: number,
  body: { productId: number; amount: string; days: number },
  locale: Locale | undefined,
): Promise<Buffer> {
  const borrower = await borrowerOf(deps.db, userId, locale);
  const { product, terms } = await termsOf(deps, body);
  return renderAgreement(agreementTerms(deps, product.name, borrower, terms, deps.now()));
}

function agreementTerms(
  deps: LoanDeps,
  productName: string,
  borrower: { name: string; username: string; locale: Locale },
  terms: Awaited<ReturnType<typeof termsOf>>['terms'],
  at: Date,
  signed?: AgreementTerms['signed'],
): AgreementTerms {
  return {
    locale: borrower.locale,
    platform: deps.platform,
    borrowerName: borrower.name,
    username: borrower.username,
    productName,
    ...terms,
    at,
    ...(signed ? { signed } : {}),
  };
}

const MIN_INK_PIXELS = 40;

/**
 * The drawn signature as a clean PNG on white: a PNG data URL of sensible size with some ink on
 * it, decoded and written again (10150 otherwise).
 */
export async function cleanSignature(dataUrl: string): Promise<Buffer> {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match?.[1]) throw new AppError(10150);
  const bytes = Buffer.from(match[1], 'base64');
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 4_000_000 });
    const meta = await image.metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) throw new AppError(10150);
    const alpha = await image.clone().ensureAlpha().extractChannel(3).raw().toBuffer();
    let ink = 0;
    for (const value of alpha) if (value > 32) ink++;
    if (ink < MIN_INK_PIXELS) throw new AppError(10150);
    return await image.flatten({ background: '#ffffff' }).png({ compressionLevel: 9 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(10150);
  }
}

export async function announce(
  deps: LoanDeps,
  row: LoanRow,
  note?: { publish: (bus: EventBus) => Promise<void> },
) {
  await publishUserEvent(deps.bus, row.userId, 'order', {
    product: 'loan',
    id: row.id,
    state: row.state,
  });
  await publishUserEvent(deps.bus, row.userId, 'balance', { mode: 'real' });
  await note?.publish(deps.bus);
}

/**
 * Applies for a loan: the terms checked, the agreement rendered in the borrower's language with
 * the signature and stored privately (its SHA-256 kept with the loan), pending review.
 */
export async function applyLoan(
  deps: LoanDeps,
  userId: number,
  body: { productId: number; amount: string; days: number; signature: string },
  locale: Locale | undefined,
): Promise<Loan> {
  const borrower = await borrowerOf(deps.db, userId, locale);
  const { product, terms } = await termsOf(deps, body);
  const signature = await cleanSignature(body.signature);
  if (await hasOpenLoan(deps.db, userId)) throw new AppError(10149);
  const appliedAt = deps.now();
  const row = await withOrderNumber('LN', appliedAt, async (loanNo) => {
    const pdf = await renderAgreement(
      agreementTerms(deps, product.name, borrower, terms, appliedAt, { loanNo, signature }),
    );
    const agreementKey = await deps.store.put(pdf, 'pdf');
    try {
      // In a transaction, like every effect under an Idempotency-Key: it marks the key as done.
      return await deps.db.transaction((tx) =>
        insertLoan(tx, {
          loanNo,
          userId,
          productId: product.id,
          productName: product.name,
          asset: terms.asset,
          amount: terms.amount,
          days: terms.days,
          dailyRate: terms.dailyRate,
          freeDays: terms.freeDays,
          penaltyRate: terms.penaltyRate,
          totalInterest: terms.totalInterest,
          dueAmount: terms.dueAmount,
          state: 'pending',
          borrowerName: borrower.name,
          locale: borrower.locale,
          agreementKey,
          agreementSha256: createHash('sha256').update(pdf).digest('hex'),
          appliedAt,
        }),
      );
    } catch (error) {
      await deps.store.delete(agreementKey);
      if (uniqueViolation(error) === 'loans_one_open') throw new AppError(10149);
      throw error;
    }
  });
  await announce(deps, row);
  return toLoan(row, deps.now());
}

export async function listLoans(
  deps: LoanDeps,
  userId: number,
  q: { page: number; pageSize: number },
) {
  const { rows, total } = await selectLoanPage(deps.db, { ...q, userId });
  const now = deps.now();
  return { list: rows.map((r) => toLoan(r, now)), total, page: q.page, pageSize: q.pageSize };
}

export async function getLoan(deps: LoanDeps, userId: number, id: number): Promise<Loan> {
  const row = await selectLoan(deps.db, id, userId);
  if (!row) throw new AppError(10101);
  return toLoan(row, deps.now());
}

/** The stored agreement, checked against the fingerprint kept at signing. */
export async function agreementFile(
  deps: LoanDeps,
  id: number,
  userId?: number,
): Promise<{ bytes: Buffer; loanNo: string }> {
  const row = await selectLoan(deps.db, id, userId);
  if (!row) throw new AppError(10101);
  const bytes = await deps.store.get(row.agreementKey);
  if (!bytes || createHash('sha256').update(bytes).digest('hex') !== row.agreementSha256) {
    throw new Error(`loan ${row.loanNo}: the stored agreement is missing or altered`);
  }
  return { bytes, loanNo: row.loanNo };
}
