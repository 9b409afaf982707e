import type { StaffRole } from '@swx/contract';

/**
 * Which roles may open each back-office section. The sidebar hides what a role cannot use and
 * the routes refuse it; the server refuses it too (10108), which is what actually protects data.
 * Finance reviews deposits and withdrawals and sets the receiving addresses. KYC reviewers and
 * finance read customers (whom a submission belongs to; a customer's ledger) but only admin and
 * support change them (users.rules.ts). Support and admin answer the support chat; only admins
 * save canned replies (the page shows them read-only to support).
 */
export const SECTION_ROLES = {
  overview: 'everyone',
  users: ['admin', 'support', 'kyc', 'finance'],
  support: ['admin', 'support'],
  kyc: ['admin', 'kyc'],
  outbox: ['admin', 'support'],
  staff: ['admin'],
  parameters: ['admin'],
  instruments: ['admin'],
  options: ['admin'],
  earn: ['admin'],
  loans: ['admin', 'finance'],
  nfts: ['admin'],
  orders: ['admin', 'finance', 'support'],
  funding: ['admin', 'finance'],
  content: ['admin', 'support'],
  audit: ['admin'],
} as const satisfies Record<string, 'everyone' | readonly StaffRole[]>;

export type Section = keyof typeof SECTION_ROLES;

export function canUse(section: Section, roles: readonly StaffRole[]): boolean {
  const allowed: 'everyone' | readonly StaffRole[] = SECTION_ROLES[section];
  return allowed === 'everyone' || roles.some((role) => allowed.includes(role));
}
