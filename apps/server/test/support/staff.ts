import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@swx/contract';
import type { Database } from '../../src/platform/db';
import { staff } from '../../src/modules/staff/staff.tables';

/** A staff member with the given roles (no password login in these tests: sessions are made directly). */
export async function insertStaffForTest(database: Database, roles: StaffRole[]): Promise<number> {
  const [row] = await database.db
    .insert(staff)
    .values({
      username: `staff_${randomUUID().slice(0, 10)}`,
      passwordHash: 'unusable',
      roles,
      mustChangePassword: false,
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('no staff row');
  return row.id;
}
