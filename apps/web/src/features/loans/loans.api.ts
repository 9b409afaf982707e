import {
  applyLoan,
  downloadLoanAgreement,
  getUserInfo,
  listLoanProducts,
  listLoanRecord,
  previewLoanAgreement,
  repayLoan,
} from '@swx/contract';
import { api, fetchPrivateFile } from '../../shared/api/api';

/** Typed calls of the loans. Money-moving calls take the key of one confirmed intent. */
export const loansApi = {
  /** The signed-in user (for the identity verification state). */
  user: (signal?: AbortSignal) => api.call(getUserInfo, {}, { signal }),
  products: (signal?: AbortSignal) => api.call(listLoanProducts, {}, { signal }),
  loans: (signal?: AbortSignal) =>
    api.call(listLoanRecord, { query: { page: 1, pageSize: 50 } }, { signal }),
  apply: (
    body: { productId: number; amount: string; days: number; signature: string },
    idempotencyKey: string,
  ) => api.call(applyLoan, { body }, { idempotencyKey }),
  repay: (id: number, idempotencyKey: string) =>
    api.call(repayLoan, { body: { id } }, { idempotencyKey }),
  /** The agreement as it would be signed, in the reader's language (PDF). */
  preview: (terms: { productId: number; amount: string; days: number }) =>
    fetchPrivateFile(
      `${previewLoanAgreement.path}?${new URLSearchParams({
        productId: String(terms.productId),
        amount: terms.amount,
        days: String(terms.days),
      }).toString()}`,
    ),
  /** The signed agreement as stored (PDF). */
  agreement: (id: number) =>
    fetchPrivateFile(downloadLoanAgreement.path.replace(':id', String(id))),
};
