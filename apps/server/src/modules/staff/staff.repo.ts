import type { StaffRole } from '@swx/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { staff } from './staff.tables';

export async function findStaffPrincipal(db: Executor, id: number) {
  const [row] = await db
    .select({ status: staff.status, roles: staff.roles })
    .from(staff)
    .where(eq(staff.id, id))
    .limit(1);
  return row ? { active: row.status === 'active', roles: row.roles as StaffRole[] } : undefined;
}

export async function countStaff(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
  return Number(row?.n ?? 0);
}

export async function insertStaff(
  db: Executor,
  values: {
    username: string;
    passwordHash: string;
    roles: StaffRole[];
    mustChangePassword: boolean;
  },
): Promise<number | undefined> {
  const [row] = await db
    .insert(staff)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: staff.id });
  return row?.id;
}
