import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../../test/support/test-app';
import { staffHeaders } from '../../../test/support/staff-session';
import { hashToken } from '../../platform/auth';
import { findSessionWithUser } from './users.repo';
import { users } from './users.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const now = () => new Date().toISOString();
const info = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/swx/customer/user/getUserInfo',
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });

// The guard reads a session and its user in one statement (PrincipalDirectory.session).
describe('a session read with its user', () => {
  it("carries the user's status, read at every request", async () => {
    const alice = await createTestUser(t.database, t.config);
    const found = await findSessionWithUser(t.database.db, hashToken(alice.token), now());
    expect(found).toMatchObject({
      id: alice.sessionId,
      principal: 'user',
      principalId: alice.userId,
      user: { active: true },
    });
    expect((await info(alice.token)).statusCode).toBe(200);

    // Disabled in the table, the session itself untouched: the next request is refused.
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, alice.userId));
    expect(
      (await findSessionWithUser(t.database.db, hashToken(alice.token), now()))?.user,
    ).toMatchObject({ active: false });
    expect((await info(alice.token)).statusCode).toBe(401);

    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, alice.userId));
    expect((await info(alice.token)).statusCode).toBe(200);
  });

  it('has no user for a staff session, and no row for an unknown or expired token', async () => {
    const staff = await staffHeaders(t.database, ['support']);
    const token = (staff.headers.authorization ?? '').replace(/^Bearer /, '');
    const found = await findSessionWithUser(t.database.db, hashToken(token), now());
    expect(found).toMatchObject({ principal: 'staff', user: undefined });
    // A customer route refuses it; a staff route takes it.
    expect((await info(token)).statusCode).toBe(401);

    expect(await findSessionWithUser(t.database.db, hashToken('no-such-token'), now())).toBe(
      undefined,
    );
    const bob = await createTestUser(t.database, t.config);
    const afterExpiry = new Date(Date.now() + 400 * 24 * 3_600_000).toISOString();
    expect(await findSessionWithUser(t.database.db, hashToken(bob.token), afterExpiry)).toBe(
      undefined,
    );
  });
});
