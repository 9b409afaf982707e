import { type AdminKycDetail, type AdminKycRow, KycFileSlot } from '@swx/contract';
import type { MessageKey } from '../../i18n/en';

export type KycReviewStatus = AdminKycRow['status'];
export type KycFilter = KycReviewStatus | 'all';

/** The queue's tabs; pending comes first because that is the work. */
export const KYC_FILTERS = [
  'pending',
  'verified',
  'rejected',
  'all',
] as const satisfies readonly KycFilter[];

/** The filter named in the address; anything else is the pending queue. */
function isFilter(value: string | null): value is KycFilter {
  return (KYC_FILTERS as readonly (string | null)[]).includes(value);
}

export function filterFromSearch(value: string | null): KycFilter {
  return isFilter(value) ? value : 'pending';
}

/** A page number from the address: anything but a positive whole number is page 1. */
export function pageFromSearch(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * Pending submissions before decided ones, otherwise in the server's order. The contract has no
 * sort parameter, so this orders the page shown, not the whole list.
 */
export function pendingFirst<T extends Pick<AdminKycRow, 'status'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
}

/** The contract's rejection reason: 3 to 500 characters once trimmed. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export function reasonError(reason: string): MessageKey | undefined {
  const length = reason.trim().length;
  if (length < REASON_MIN) return 'kyc.errors.reasonRequired';
  if (length > REASON_MAX) return 'kyc.errors.reasonTooLong';
  return undefined;
}

export type KycSlot = KycFileSlot;

export interface DocumentSlot {
  slot: KycSlot;
  fileId: number | undefined;
}

/**
 * The image slots to show, in the order a reviewer compares them: front, back, the customer
 * holding the document, signature. Only an ID card has a back; a back that was sent anyway is
 * shown all the same.
 */
export function documentSlots(
  submission: Pick<AdminKycDetail, 'documentType' | 'files'>,
): DocumentSlot[] {
  return KycFileSlot.options
    .filter(
      (slot) =>
        slot !== 'back' ||
        submission.documentType === 'id_card' ||
        submission.files.some((f) => f.slot === 'back'),
    )
    .map((slot) => ({ slot, fileId: submission.files.find((f) => f.slot === slot)?.id }));
}
