import { type StaffRole, StaffRole as StaffRoleSchema } from '@swx/contract';
import type { MessageKey } from '../../i18n/en';

/** The contract's username rule: 3 to 32 of a-z, 0-9, dot, dash, underscore. */
export function usernameError(username: string): MessageKey | undefined {
  const name = username.trim();
  if (name.length < 3 || name.length > 32) return 'staff.errors.usernameLength';
  if (!/^[a-z0-9_.-]+$/.test(name)) return 'staff.errors.usernameChars';
  return undefined;
}

export function rolesError(roles: readonly StaffRole[]): MessageKey | undefined {
  return roles.length === 0 ? 'staff.errors.rolesRequired' : undefined;
}

/** Roles in the contract's order, whatever order they were ticked in. */
export function orderedRoles(roles: Iterable<StaffRole>): StaffRole[] {
  const chosen = new Set(roles);
  return StaffRoleSchema.options.filter((role) => chosen.has(role));
}
