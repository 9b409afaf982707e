import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@swx/contract';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from './db';
import { reusable } from './statements';
import { sessions } from './sessions.tables';

export type PrincipalKind = 'user' | 'staff';

export type Principal =
  | { kind: 'user'; userId: number; sessionId: number }
  | {
      kind: 'staff';
      staffId: number;
      username: string;
      roles: readonly StaffRole[];
      mustChangePassword: boolean;
      sessionId: number;
    };

/** Who did it: every back-office action is recorded with this. */
export interface StaffActor {
  staffId: number;
  actor: string;
  ip: string | null;
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function parseBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

export async function createSession(
  db: Executor,
  input: {
    principal: PrincipalKind;
    principalId: number;
    policy: SessionPolicy;
    userAgent?: string | undefined;
    ip?: string | undefined;
    now?: Date;
  },
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = newToken();
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.policy.absoluteHours * 3_600_000);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      principal: input.principal,
      principalId: input.principalId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: input.userAgent?.slice(0, 300),
      ip: input.ip,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, sessionId: row.id, expiresAt };
}

/** Touching last_seen on every request would be a write per request; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/** What the guard needs of a user: undefined refuses the session (a deleted row). */
export type UserPrincipal = { active: boolean; demoEnabled: boolean } | undefined;

/** A session's row as a lookup finds it: resolveSession decides whether it is still live. */
export interface SessionRow {
  id: number;
  principal: PrincipalKind;
  principalId: number;
  lastSeenAt: Date;
}

/** The columns of a SessionRow, for a lookup that selects more beside them. */
export const sessionColumns = {
  id: sessions.id,
  principal: sessions.principal,
  principalId: sessions.principalId,
  lastSeenAt: sessions.lastSeenAt,
};

/**
 * The session of a token's hash that is neither revoked nor past its absolute expiry, for a
 * statement built once (platform/statements.ts): `now` is given as ISO text (in a WHERE a value
 * goes to the driver as it is, without the column's conversion).
 */
export function liveSessionWhere(p: (name: 'tokenHash' | 'now') => never) {
  return and(
    eq(sessions.tokenHash, p('tokenHash')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, p('now')),
  );
}

/** Finds a token's session row (SessionRow, and whatever more a lookup reads with it). */
export type SessionLookup<R extends SessionRow> = (
  db: Executor,
  tokenHash: string,
  now: string,
) => Promise<R | undefined>;

/** Every socket asks this: built once (platform/statements.ts). */
const sessionStatement = reusable((db, p: (name: 'tokenHash' | 'now') => never) =>
  db.select(sessionColumns).from(sessions).where(liveSessionWhere(p)).limit(1),
);

const findSession: SessionLookup<SessionRow> = async (db, tokenHash, now) =>
  (await sessionStatement(db, { tokenHash, now }))[0];

/**
 * The live session for a token, or undefined when it is unknown, revoked, past its absolute
 * expiry or idle for longer than the policy allows.
 */
export function resolveSession(
  db: Executor,
  token: string,
  policyOf: (principal: PrincipalKind) => SessionPolicy,
  now = new Date(),
): Promise<SessionRow | undefined> {
  return resolveSessionWith(findSession, db, token, policyOf, now);
}

/** resolveSession with a lookup that reads more in the same statement (the user's status). */
export async function resolveSessionWith<R extends SessionRow>(
  lookup: SessionLookup<R>,
  db: Executor,
  token: string,
  policyOf: (principal: PrincipalKind) => SessionPolicy,
  now = new Date(),
): Promise<R | undefined> {
  const row = await lookup(db, hashToken(token), now.toISOString());
  if (!row) return undefined;
  const idleMs = policyOf(row.principal).idleMinutes * 60_000;
  if (now.getTime() - row.lastSeenAt.getTime() > idleMs) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return row;
}

export async function revokeSession(
  db: Executor,
  sessionId: number,
  now = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a principal, optionally keeping one (the caller's, on password change). */
export async function revokeAllSessions(
  db: Executor,
  principal: PrincipalKind,
  principalId: number,
  keepSessionId?: number,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.principal, principal),
        eq(sessions.principalId, principalId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes sessions that can no longer be used (housekeeping). */
export async function purgeDeadSessions(
  db: Executor,
  now: Date,
  olderThanDays = 30,
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanDays * 86_400_000);
  const rows = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, cutoff),
        and(sql`${sessions.revokedAt} is not null`, lt(sessions.revokedAt, cutoff)),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function countActiveSessions(
  db: Executor,
  principal: PrincipalKind,
  principalId: number,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.principal, principal),
        eq(sessions.principalId, principalId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return rows.length;
}
