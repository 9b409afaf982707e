import type { AdminUserDetail, AdminUserRow, StaffRole } from '@swx/contract';
import type { MessageKey } from '../../i18n/en';

export type Balance = AdminUserDetail['balances'][number];

/**
 * KYC reviewers open customers to see whom a submission belongs to; changing an account is for
 * admin and support. The server refuses the change to anyone else anyway (10108).
 */
export function canManageUsers(roles: readonly StaffRole[]): boolean {
  return roles.includes('admin') || roles.includes('support');
}

/** A page number from the address: anything but a positive whole number is page 1. */
export function pageFromSearch(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** The ledger's user buckets, in the order staff read them (spendable first). */
const BUCKET_ORDER = ['available', 'frozen', 'margin', 'earn', 'options'] as const;
type KnownBucket = (typeof BUCKET_ORDER)[number];

function isKnownBucket(bucket: string): bucket is KnownBucket {
  return (BUCKET_ORDER as readonly string[]).includes(bucket);
}

/** A label for a known bucket; an unknown one is shown as the server names it. */
export function bucketLabel(bucket: string): MessageKey | undefined {
  return isKnownBucket(bucket) ? `users.bucket.${bucket}` : undefined;
}

function bucketRank(bucket: string): number {
  const index = (BUCKET_ORDER as readonly string[]).indexOf(bucket);
  return index === -1 ? BUCKET_ORDER.length : index;
}

/** Real money before demo, then by asset, then by bucket (spendable first). */
export function sortBalances(balances: readonly Balance[]): Balance[] {
  return [...balances].sort(
    (a, b) =>
      (a.mode === b.mode ? 0 : a.mode === 'real' ? -1 : 1) ||
      a.asset.localeCompare(b.asset) ||
      bucketRank(a.bucket) - bucketRank(b.bucket) ||
      a.bucket.localeCompare(b.bucket),
  );
}

/** Whether a decimal string is zero, read as text (amounts are never turned into floats). */
export function isZeroDecimal(value: string): boolean {
  return /^[-+]?0*(\.0*)?$/.test(value) && /\d/.test(value);
}

export type UserChange = 'disable' | 'enable' | 'disableDemo' | 'enableDemo';

/** The request body of each account change. */
export function changeBody(change: UserChange): {
  status?: 'active' | 'disabled';
  demoEnabled?: boolean;
} {
  switch (change) {
    case 'disable':
      return { status: 'disabled' };
    case 'enable':
      return { status: 'active' };
    case 'disableDemo':
      return { demoEnabled: false };
    case 'enableDemo':
      return { demoEnabled: true };
  }
}

/** The change the status button offers for the account as it is now. */
export function statusChange(user: Pick<AdminUserRow, 'status'>): UserChange {
  return user.status === 'active' ? 'disable' : 'enable';
}

export function demoChange(user: Pick<AdminUserRow, 'demoEnabled'>): UserChange {
  return user.demoEnabled ? 'disableDemo' : 'enableDemo';
}
