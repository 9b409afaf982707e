import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { loginChallenges, userRecoveryCodes, userTwoFactor } from './two-factor.tables';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export async function selectTwoFactor(db: Executor, userId: number) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** A new pending secret (replacing a pending one; never one that is on). */
export async function upsertPendingSecret(db: Executor, userId: number, secret: string) {
  const rows = await db
    .insert(userTwoFactor)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret, lastStep: null, createdAt: new Date() },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Accepts a time step only if it is newer than the last one accepted (no code works twice). */
export async function advanceStep(
  db: Executor,
  userId: number,
  step: number,
  enable?: Date,
): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastStep: step, ...(enable ? { enabledAt: enable } : {}) })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        sql`coalesce(${userTwoFactor.lastStep}, -1) < ${step}`,
        enable ? isNull(userTwoFactor.enabledAt) : undefined,
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: Executor, userId: number) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: true only for the request that marked it used. */
export async function useRecoveryCode(db: Executor, userId: number, hash: string, now: Date) {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertLoginChallenge(db: Executor, row: typeof loginChallenges.$inferInsert) {
  await db.insert(loginChallenges).values(row);
}

/** A challenge that is unused, unexpired and has wrong codes left. */
export async function selectLiveLoginChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, 5),
      ),
    );
  return row;
}

export async function countLoginChallengeAttempt(db: Executor, id: number) {
  await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id));
}

export async function useLoginChallenge(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}
