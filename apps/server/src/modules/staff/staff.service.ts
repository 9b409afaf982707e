import type { Executor } from '../../platform/db';
import { hashPassword, oneTimePassword } from '../../platform/passwords';
import { countStaff, insertStaff } from './staff.repo';

export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * On an empty staff table, creates the first admin with a one-time password that must be changed
 * at first login. Returns the password only to the call that created the account.
 */
export async function ensureFirstAdmin(
  db: Executor,
): Promise<{ username: string; password: string } | undefined> {
  if ((await countStaff(db)) > 0) return undefined;
  const password = oneTimePassword();
  const id = await insertStaff(db, {
    username: FIRST_ADMIN_USERNAME,
    passwordHash: await hashPassword(password),
    roles: ['admin'],
    mustChangePassword: true,
  });
  return id === undefined ? undefined : { username: FIRST_ADMIN_USERNAME, password };
}
