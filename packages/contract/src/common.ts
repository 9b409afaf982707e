import { z } from 'zod';
import { DECIMAL_PATTERN } from '@swx/money/decimal-string';

/** Amounts, prices and rates travel as decimal strings, never as JSON numbers. */
export const DecimalString = z.string().regex(DECIMAL_PATTERN, 'decimal');
export const PositiveDecimalString = DecimalString.refine(
  (s) => !s.startsWith('-') && /[1-9]/.test(s),
  {
    message: 'positive',
  },
);

export const AccountMode = z.enum(['real', 'demo']);
export type AccountMode = z.infer<typeof AccountMode>;

export const StaffRole = z.enum(['admin', 'finance', 'kyc', 'support']);
export type StaffRole = z.infer<typeof StaffRole>;

export const IsoDateTime = z.iso.datetime();

/** The reply envelope: `code` 200 is success, 2000x success with a message, others are errors. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number().int(), msg: z.string(), result });
}

export const ErrorReply = z.object({
  code: z.number().int(),
  msg: z.string(),
  result: z
    .object({
      requestId: z.string().optional(),
      fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    })
    .nullable(),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

/** Lists: `{ list, total, page, pageSize }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

export const PageQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
