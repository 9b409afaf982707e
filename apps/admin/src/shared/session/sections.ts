import type { StaffRole } from '@swx/contract';

/**
 * Which roles may open each back-office section. The sidebar hides what a role cannot use and
 * the routes refuse it; the server refuses it too (10108), which is what actually protects data.
 * Finance and KYC reviewers get their own sections in later releases.
 */
export const SECTION_ROLES = {
  overview: 'everyone',
  staff: ['admin'],
  parameters: ['admin'],
  instruments: ['admin'],
  content: ['admin', 'support'],
  audit: ['admin'],
} as const satisfies Record<string, 'everyone' | readonly StaffRole[]>;

export type Section = keyof typeof SECTION_ROLES;

export function canUse(section: Section, roles: readonly StaffRole[]): boolean {
  const allowed: 'everyone' | readonly StaffRole[] = SECTION_ROLES[section];
  return allowed === 'everyone' || roles.some((role) => allowed.includes(role));
}
