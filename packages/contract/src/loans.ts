import { z } from 'zod';
import {
  DecimalString,
  envelope,
  IsoDateTime,
  pageOf,
  PageQuery,
  PositiveDecimalString,
} from './common';
import { route } from './route';

/**
 * Loans: a product's range, terms and daily rate; the interest-free days and the overdue rate are
 * platform parameters stored on each loan when the user signs. DOMAIN.md "Loans".
 */
export const LOAN_TERMS = [7, 14, 30, 60, 90] as const;

export const LoanProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  asset: z.string(),
  minAmount: DecimalString,
  maxAmount: DecimalString,
  /** Lengths in days, from 7, 14, 30, 60 and 90. */
  terms: z.array(z.number().int()),
  /** Interest per day as a share of the amount, e.g. "0.001" for 0.1 %. */
  dailyRate: DecimalString,
  /** Interest-free days at the start (parameter `loan_free_days`). */
  freeDays: z.number().int(),
  /** Liquidated damages per overdue day, as a share of the amount due. */
  penaltyRate: DecimalString,
});
export type LoanProduct = z.infer<typeof LoanProduct>;

export const listLoanProducts = route({
  method: 'GET',
  path: '/swx/customer/index/listLoanProduct',
  reply: envelope(z.array(LoanProduct)),
});

export const LoanState = z.enum(['pending', 'repaying', 'repaid', 'expired', 'rejected']);
export type LoanState = z.infer<typeof LoanState>;

export const Loan = z.object({
  id: z.number().int(),
  loanNo: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  asset: z.string(),
  /** The terms as signed: they never change afterwards. */
  amount: DecimalString,
  days: z.number().int(),
  dailyRate: DecimalString,
  freeDays: z.number().int(),
  penaltyRate: DecimalString,
  /** Interest over the whole term, and principal plus that interest. */
  totalInterest: DecimalString,
  dueAmount: DecimalString,
  state: LoanState,
  reason: z.string().nullable(),
  appliedAt: IsoDateTime,
  approvedAt: IsoDateTime.nullable(),
  /** Repayment date: approval plus the term. */
  dueAt: IsoDateTime.nullable(),
  /** Interest so far, and what repaying now would take (principal, interest, damages). */
  currentInterest: DecimalString,
  damages: DecimalString,
  overdueDays: z.number().int(),
  repayNow: DecimalString,
  repaidAt: IsoDateTime.nullable(),
  repaidAmount: DecimalString.nullable(),
  /** SHA-256 of the signed agreement PDF, which never changes after signing. */
  agreementSha256: z.string(),
});
export type Loan = z.infer<typeof Loan>;

/** A signature drawn on screen: a PNG data URL. */
export const SignatureImage = z
  .string()
  .max(400_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'png');

export const LoanTermsInput = z.object({
  productId: z.number().int().positive(),
  amount: PositiveDecimalString,
  days: z.number().int().positive(),
});

/**
 * Applies for a loan after reading the agreement and signing it: KYC verified (10022), a length
 * the product offers (10023), an amount in its range (10148), no other loan open (10149), the
 * signature drawn (10150), an offered product (10151). Real money only.
 */
export const applyLoan = route({
  method: 'POST',
  path: '/swx/customer/user/loan',
  body: LoanTermsInput.extend({ signature: z.string().max(400_000) }),
  reply: envelope(Loan),
  idempotent: true,
  fieldCodes: { productId: 10151, amount: 10148, days: 10023, signature: 10150 },
});

export const listLoanRecord = route({
  method: 'GET',
  path: '/swx/customer/user/listLoanRecord',
  query: PageQuery,
  reply: envelope(pageOf(Loan)),
});

export const getLoan = route({
  method: 'GET',
  path: '/swx/customer/user/getLoanById/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(Loan),
});

/** Repays principal, interest so far and any damages from available (10092 when short). */
export const repayLoan = route({
  method: 'POST',
  path: '/swx/customer/user/repayLoan',
  body: z.object({ id: z.number().int().positive() }),
  reply: envelope(Loan),
  idempotent: true,
});

/** The agreement as it would be signed (PDF, the reader's language, no signature yet). */
export const previewLoanAgreement = route({
  method: 'GET',
  path: '/swx/customer/user/loanAgreementPreview',
  query: z.object({
    productId: z.coerce.number().int().positive(),
    amount: PositiveDecimalString,
    days: z.coerce.number().int().positive(),
  }),
  reply: z.string(),
});

/** The signed agreement (PDF), exactly as stored at signing. */
export const downloadLoanAgreement = route({
  method: 'GET',
  path: '/swx/customer/user/loanAgreement/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: z.string(),
});

// ---- back office ----

export const LoanProductInput = z.object({
  name: z.string().trim().min(1).max(80),
  minAmount: PositiveDecimalString,
  maxAmount: PositiveDecimalString,
  terms: z.array(z.number().int()).min(1).max(5),
  dailyRate: DecimalString,
  enabled: z.boolean(),
});
export type LoanProductInput = z.infer<typeof LoanProductInput>;

export const AdminLoanProduct = LoanProduct.extend({
  enabled: z.boolean(),
  updatedAt: IsoDateTime,
});
export type AdminLoanProduct = z.infer<typeof AdminLoanProduct>;

export const listAdminLoanProducts = route({
  method: 'GET',
  path: '/swx/admin/loans/products',
  reply: envelope(z.array(AdminLoanProduct)),
});

export const createLoanProduct = route({
  method: 'POST',
  path: '/swx/admin/loans/products',
  body: LoanProductInput,
  reply: envelope(AdminLoanProduct),
});

/** Loans already signed keep their terms. */
export const updateLoanProduct = route({
  method: 'POST',
  path: '/swx/admin/loans/products/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: LoanProductInput,
  reply: envelope(AdminLoanProduct),
});

export const AdminLoan = Loan.extend({
  userId: z.number().int(),
  username: z.string(),
  borrowerName: z.string(),
  kycStatus: z.string(),
  reviewedBy: z.string().nullable(),
});
export type AdminLoan = z.infer<typeof AdminLoan>;

export const listAdminLoans = route({
  method: 'GET',
  path: '/swx/admin/loans',
  query: PageQuery.extend({ state: LoanState.optional() }),
  reply: envelope(pageOf(AdminLoan)),
});

/** Pays the principal from the loan book; the term runs from now. Decided once (10146). */
export const approveLoan = route({
  method: 'POST',
  path: '/swx/admin/loans/:id/approve',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(AdminLoan),
});

export const rejectLoan = route({
  method: 'POST',
  path: '/swx/admin/loans/:id/reject',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ reason: z.string().trim().min(1).max(500) }),
  reply: envelope(AdminLoan),
});

export const downloadAdminLoanAgreement = route({
  method: 'GET',
  path: '/swx/admin/loans/:id/agreement',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: z.string(),
});
