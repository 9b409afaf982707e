import {
  addWithdrawAddress,
  deleteWithdrawAddress,
  exportLedger,
  listDepositAddresses,
  listRecharge,
  listWithdrawAddress,
  listWithdrwal,
  recharge,
  setWithdrawWhitelist,
  withdrawal,
  type RechargeFields,
  type WithdrawalBody,
} from '@swx/contract';
import { api, fetchPrivateFile } from '../../../shared/api/api';
import type { InputOf } from '../../../shared/api/api-client';

export const FUNDING_PAGE_SIZE = 10;

/** Typed calls of the funding routes; money-moving calls carry the key of one confirmed intent. */
export const fundingApi = {
  addresses: (signal?: AbortSignal) => api.call(listDepositAddresses, {}, { signal }),
  deposit: (fields: RechargeFields, proof: Blob, idempotencyKey: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const extension =
      proof.type === 'image/png' ? 'png' : proof.type === 'image/jp2' ? 'jp2' : 'jpg';
    form.set('proof', new File([proof], `proof.${extension}`, { type: proof.type }));
    return api.call(recharge, {}, { formData: form, idempotencyKey });
  },
  deposits: (page: number, signal?: AbortSignal) =>
    api.call(listRecharge, { query: { page, pageSize: FUNDING_PAGE_SIZE } }, { signal }),
  withdraw: (body: WithdrawalBody, idempotencyKey: string) =>
    api.call(withdrawal, { body }, { idempotencyKey }),
  withdrawals: (page: number, signal?: AbortSignal) =>
    api.call(listWithdrwal, { query: { page, pageSize: FUNDING_PAGE_SIZE } }, { signal }),
  addressBook: (signal?: AbortSignal) => api.call(listWithdrawAddress, {}, { signal }),
  saveAddress: (body: InputOf<typeof addWithdrawAddress>['body']) =>
    api.call(addWithdrawAddress, { body }),
  deleteAddress: (id: number) => api.call(deleteWithdrawAddress, { body: { id } }),
  whitelist: (enabled: boolean, twoFactorCode?: string) =>
    api.call(setWithdrawWhitelist, {
      body: { enabled, ...(twoFactorCode ? { twoFactorCode } : {}) },
    }),
  /** The statement of `[from, to)` as a CSV file. */
  statement: (from: string, to: string, signal?: AbortSignal) =>
    fetchPrivateFile(
      `${exportLedger.path}?${new URLSearchParams({ from, to }).toString()}`,
      signal,
    ),
};
