import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/support/test-db';
import { insertUser } from '../modules/users';
import {
  createSession,
  hashToken,
  parseBearer,
  resolveSession,
  revokeAllSessions,
  revokeSession,
} from './auth';
import type { Database } from './db';
import { sessions } from './sessions.tables';

let database: Database;
const policy = { idleMinutes: 30, absoluteHours: 24 };
const policyOf = () => policy;
const t0 = new Date('2026-01-01T00:00:00Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

beforeAll(async () => {
  database = await testDatabase();
});

async function userSession(now = t0) {
  const userId = await insertUser(database.db, { username: `s_${randomUUID().slice(0, 12)}` });
  return {
    userId,
    ...(await createSession(database.db, { principal: 'user', principalId: userId, policy, now })),
  };
}

describe('tokens', () => {
  it('are 256 random bits and only their hash is stored', async () => {
    const { token, sessionId } = await userSession();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('parse only as well-formed bearer headers', () => {
    expect(parseBearer(`Bearer ${'a'.repeat(43)}`)).toBe('a'.repeat(43));
    expect(parseBearer(`bearer ${'a'.repeat(43)}`)).toBeUndefined();
    expect(parseBearer('Bearer short')).toBeUndefined();
    expect(parseBearer(`Basic ${'a'.repeat(43)}`)).toBeUndefined();
    expect(parseBearer(undefined)).toBeUndefined();
  });
});

describe('session lifetime', () => {
  it('stays alive while used and ends after the idle limit', async () => {
    const { token, userId } = await userSession();
    expect((await resolveSession(database.db, token, policyOf, later(20)))?.principalId).toBe(
      userId,
    );
    // Used at minute 20, so minute 45 is within 30 idle minutes of the last use.
    expect(await resolveSession(database.db, token, policyOf, later(45))).toBeDefined();
    expect(await resolveSession(database.db, token, policyOf, later(45 + 31))).toBeUndefined();
  });

  it('ends at the absolute expiry however active it is', async () => {
    const { token } = await userSession();
    let minute = 0;
    while (minute < 24 * 60 - 20) {
      minute += 20;
      expect(await resolveSession(database.db, token, policyOf, later(minute))).toBeDefined();
    }
    expect(await resolveSession(database.db, token, policyOf, later(24 * 60 + 1))).toBeUndefined();
  });

  it('ends when revoked', async () => {
    const { token, sessionId } = await userSession();
    await revokeSession(database.db, sessionId, later(1));
    expect(await resolveSession(database.db, token, policyOf, later(2))).toBeUndefined();
  });

  it('revokes every other session of the principal and keeps the current one', async () => {
    const first = await userSession();
    const second = await createSession(database.db, {
      principal: 'user',
      principalId: first.userId,
      policy,
      now: t0,
    });
    const third = await createSession(database.db, {
      principal: 'user',
      principalId: first.userId,
      policy,
      now: t0,
    });
    const other = await userSession();
    expect(
      await revokeAllSessions(database.db, 'user', first.userId, second.sessionId, later(1)),
    ).toBe(2);
    expect(await resolveSession(database.db, first.token, policyOf, later(2))).toBeUndefined();
    expect(await resolveSession(database.db, third.token, policyOf, later(2))).toBeUndefined();
    expect(await resolveSession(database.db, second.token, policyOf, later(2))).toBeDefined();
    expect(await resolveSession(database.db, other.token, policyOf, later(2))).toBeDefined();
  });

  it('does not confuse a staff session with a user of the same id', async () => {
    const { userId } = await userSession();
    const staffSession = await createSession(database.db, {
      principal: 'staff',
      principalId: userId,
      policy,
      now: t0,
    });
    await revokeAllSessions(database.db, 'user', userId, undefined, later(1));
    expect(
      (await resolveSession(database.db, staffSession.token, policyOf, later(2)))?.principal,
    ).toBe('staff');
  });
});
