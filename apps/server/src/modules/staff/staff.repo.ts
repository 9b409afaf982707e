import type { StaffRole } from '@swx/contract';
import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { staff, staffChallenges } from './staff.tables';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffPrincipal(db: Executor, id: number) {
  const [row] = await db
    .select({
      status: staff.status,
      roles: staff.roles,
      username: staff.username,
      mustChangePassword: staff.mustChangePassword,
    })
    .from(staff)
    .where(eq(staff.id, id))
    .limit(1);
  return row
    ? {
        active: row.status === 'active',
        roles: row.roles as StaffRole[],
        username: row.username,
        mustChangePassword: row.mustChangePassword,
      }
    : undefined;
}

export async function countStaff(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff);
  return row?.n ?? 0;
}

export async function insertStaff(
  db: Executor,
  values: {
    username: string;
    passwordHash: string;
    roles: StaffRole[];
    mustChangePassword: boolean;
  },
): Promise<StaffRow | undefined> {
  const [row] = await db.insert(staff).values(values).onConflictDoNothing().returning();
  return row;
}

export async function selectStaffById(db: Executor, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

export async function selectStaffByUsername(
  db: Executor,
  username: string,
): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username)).limit(1);
  return row;
}

export async function selectAllStaff(db: Executor): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.id));
}

export async function updateStaffRow(
  db: Executor,
  id: number,
  values: Partial<typeof staff.$inferInsert>,
) {
  const [row] = await db.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row;
}

/** Accepts a TOTP step only if it is newer than the last one accepted (no code works twice). */
export async function advanceTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function insertChallenge(db: Executor, values: typeof staffChallenges.$inferInsert) {
  await db.insert(staffChallenges).values(values);
}

export async function selectLiveChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffChallenges)
    .where(
      and(
        eq(staffChallenges.tokenHash, tokenHash),
        isNull(staffChallenges.usedAt),
        gt(staffChallenges.expiresAt, now),
        lt(staffChallenges.attempts, 5),
      ),
    )
    .limit(1);
  return row;
}

export async function countChallengeAttempt(db: Executor, id: number) {
  await db
    .update(staffChallenges)
    .set({ attempts: sql`${staffChallenges.attempts} + 1` })
    .where(eq(staffChallenges.id, id));
}

/** Marks a challenge used; false when another request used it first. */
export async function useChallenge(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffChallenges)
    .set({ usedAt: now })
    .where(and(eq(staffChallenges.id, id), isNull(staffChallenges.usedAt)))
    .returning({ id: staffChallenges.id });
  return rows.length > 0;
}

/** Active staff holding any of `roles`, by username (support assignment). */
export async function selectActiveStaffWithRoles(db: Executor, roles: readonly StaffRole[]) {
  return db
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(
      and(
        eq(staff.status, 'active'),
        or(...roles.map((role) => sql`${role} = any(${staff.roles})`)),
      ),
    )
    .orderBy(asc(staff.username));
}
