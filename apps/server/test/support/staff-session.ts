import type { StaffRole } from '@swx/contract';
import { createSession } from '../../src/platform/auth';
import type { Database } from '../../src/platform/db';
import { insertStaffForTest } from './staff';

/** A staff member (password already changed) with a live session; returns the auth header. */
export async function staffHeaders(database: Database, roles: StaffRole[]) {
  const staffId = await insertStaffForTest(database, roles);
  const { token } = await createSession(database.db, {
    principal: 'staff',
    principalId: staffId,
    policy: { idleMinutes: 30, absoluteHours: 12 },
  });
  return { staffId, headers: { authorization: `Bearer ${token}` } };
}
