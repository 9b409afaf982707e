import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import {
  liveSessionWhere,
  sessionColumns,
  type SessionLookup,
  type SessionRow,
  type UserPrincipal,
} from '../../platform/auth';
import { sessions } from '../../platform/sessions.tables';
import { reusable } from '../../platform/statements';
import { loginAttempts, siweNonces, userDevices, users, verificationCodes } from './users.tables';
import { newInviteCode } from './users.rules';

export type UserRow = typeof users.$inferSelect;

/** What the guard needs of a user's row (PrincipalDirectory). */
function principalOf(status: UserRow['status'], demoEnabled: boolean): UserPrincipal {
  return { active: status === 'active', demoEnabled };
}

/** Every socket asks this (requests read it with the session): built once (platform/statements.ts). */
const principalStatement = reusable((db, p: (name: 'id') => never) =>
  db
    .select({ status: users.status, demoEnabled: users.demoEnabled })
    .from(users)
    .where(eq(users.id, p('id')))
    .limit(1),
);

export async function findUserPrincipal(db: Executor, id: number) {
  const [row] = await principalStatement(db, { id });
  return row ? principalOf(row.status, row.demoEnabled) : undefined;
}

/**
 * A token's live session and, for a user's, the user's status, in one statement: the guard of every
 * authenticated request reads this (PrincipalDirectory.session).
 */
const sessionWithUserStatement = reusable((db, p: (name: 'tokenHash' | 'now') => never) =>
  db
    .select({
      ...sessionColumns,
      // Null for a staff session and for a user whose row is gone (then the session is refused).
      userStatus: sql<
        UserRow['status'] | null
      >`(select ${users.status} from ${users} where ${users.id} = ${sessions.principalId} and ${sessions.principal} = 'user')`,
      userDemoEnabled: sql<
        boolean | null
      >`(select ${users.demoEnabled} from ${users} where ${users.id} = ${sessions.principalId} and ${sessions.principal} = 'user')`,
    })
    .from(sessions)
    .where(liveSessionWhere(p))
    .limit(1),
);

export const findSessionWithUser: SessionLookup<SessionRow & { user: UserPrincipal }> = async (
  db,
  tokenHash,
  now,
) => {
  const [row] = await sessionWithUserStatement(db, { tokenHash, now });
  if (!row) return undefined;
  const { userStatus, userDemoEnabled, ...session } = row;
  return {
    ...session,
    user: userStatus === null ? undefined : principalOf(userStatus, userDemoEnabled === true),
  };
};

export async function insertUser(
  db: Executor,
  values: Omit<typeof users.$inferInsert, 'inviteCode'> & { inviteCode?: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...values, inviteCode: values.inviteCode ?? newInviteCode() })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function selectUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function selectUserBy(
  db: Executor,
  field: 'username' | 'email' | 'phone' | 'googleSub' | 'walletAddress' | 'inviteCode',
  value: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users[field], value)).limit(1);
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function selectFriends(db: Executor, inviterId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      fundedAt: users.fundedAt,
    })
    .from(users)
    .where(eq(users.invitedBy, inviterId))
    .orderBy(desc(users.id))
    .limit(500);
}

/** The withdrawal password's hash; null when none is set (or no such user). */
export async function withdrawPasswordHashOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.withdrawPasswordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hash ?? null;
}

/** Records the first approved deposit; later ones leave the date alone. */
export async function markFunded(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ fundedAt: at })
    .where(and(eq(users.id, userId), isNull(users.fundedAt)));
}

/** Invited users who had funded by `before`, with their inviter (all inviters, or these). */
export async function selectFundedFriends(
  db: Executor,
  before: Date,
  inviterIds?: readonly number[],
): Promise<{ id: number; inviterId: number }[]> {
  if (inviterIds?.length === 0) return [];
  const rows = await db
    .select({ id: users.id, inviterId: users.invitedBy })
    .from(users)
    .where(
      and(
        isNotNull(users.invitedBy),
        lt(users.fundedAt, before),
        inviterIds ? inArray(users.invitedBy, [...inviterIds]) : undefined,
      ),
    );
  return rows.map((r) => ({ id: r.id, inviterId: r.inviterId! }));
}

/** Who invited each of `userIds` (those who were invited). */
export async function selectInviters(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, inviterId: users.invitedBy })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNotNull(users.invitedBy)));
  return new Map(rows.map((r) => [r.id, r.inviterId!]));
}

export async function countFriends(db: Executor, inviterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, inviterId));
  return row?.n ?? 0;
}

export async function searchUsers(
  db: Executor,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  const q = query.q;
  const where = q
    ? or(
        ilike(users.username, `%${q}%`),
        ilike(users.email, `%${q}%`),
        ilike(users.phone, `%${q}%`),
        ilike(users.walletAddress, `%${q.toLowerCase()}%`),
        /^\d{1,15}$/.test(q) ? eq(users.id, Number(q)) : undefined,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- verification codes ----

/** Serialises sends and checks of one address across nodes (transaction-scoped advisory lock). */
export async function lockAddress(tx: Executor, addressKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${addressKey}, 7))`);
}

export async function selectLatestCodeTime(db: Executor, addressKey: string, purpose: string) {
  const [row] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.address, addressKey), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function insertCode(db: Executor, values: typeof verificationCodes.$inferInsert) {
  const [row] = await db
    .insert(verificationCodes)
    .values(values)
    .returning({ id: verificationCodes.id });
  if (!row) throw new Error('code insert returned no row');
  return row.id;
}

export async function deleteCode(db: Executor, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** The newest unconsumed code of an address and purpose (locked for the caller's transaction). */
export async function selectLiveCode(db: Executor, addressKey: string, purpose: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.address, addressKey),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function countCodeAttempt(db: Executor, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** Consumes a code exactly once: false when another request consumed it first. */
export async function consumeCode(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

// ---- login attempts and devices ----

export async function recordLoginAttempt(
  db: Executor,
  values: { userId: number | null; ip: string | null; success: boolean },
): Promise<void> {
  await db.insert(loginAttempts).values(values);
}

export async function countFailedLogins(db: Executor, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.userId, userId),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function selectLastLogin(db: Executor, userId: number) {
  const [row] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userId, userId), eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.id))
    .limit(1);
  return row?.at;
}

/** Records the device; true when the user had never logged in from it. */
export async function rememberDevice(db: Executor, userId: number, hash: string): Promise<boolean> {
  const rows = await db
    .insert(userDevices)
    .values({ userId, deviceHash: hash })
    .onConflictDoNothing()
    .returning({ userId: userDevices.userId });
  return rows.length === 1;
}

// ---- SIWE nonces ----

export async function insertNonce(db: Executor, values: typeof siweNonces.$inferInsert) {
  await db.insert(siweNonces).values(values);
}

/** Uses a nonce once: the row must exist, be unused and unexpired. */
export async function useNonce(db: Executor, nonce: string, now: Date) {
  const rows = await db
    .update(siweNonces)
    .set({ usedAt: now })
    .where(
      and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, now)),
    )
    .returning({ address: siweNonces.address });
  return rows[0];
}

export async function usernamesOf(
  db: Executor,
  ids: readonly number[],
): Promise<ReadonlyMap<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}
