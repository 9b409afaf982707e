import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/support/test-db';
import type { Db } from './db';
import { idempotencyKeys } from './idempotency.tables';
import { Expression, insertRow, reusable } from './statements';

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

const selectKey = reusable((d, p) =>
  d
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, p('scope')), eq(idempotencyKeys.key, p('key')))),
);

const finish = reusable((d, p) =>
  d
    .update(idempotencyKeys)
    .set({ status: 'done', statusCode: p('statusCode'), committedAt: p('at') })
    .where(and(eq(idempotencyKeys.scope, p('scope')), eq(idempotencyKeys.key, p('key'))))
    .returning({
      statusCode: idempotencyKeys.statusCode,
      committedAt: idempotencyKeys.committedAt,
    }),
);

function row(scope: string) {
  return {
    scope,
    key: randomUUID(),
    fingerprint: 'f',
    status: 'pending' as const,
    expiresAt: new Date('2030-01-02T03:04:05.678Z'),
  };
}

describe('statements built once', () => {
  it("inserts and reads rows exactly as drizzle's own builder does", async () => {
    const scope = `stmt:${randomUUID()}`;
    const a = row(scope);
    const inserted = await insertRow(db, idempotencyKeys, a);
    const [direct] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, a.key)));
    expect(inserted).toEqual(direct);
    // The columns not given took their defaults; a timestamp comes back as a Date.
    expect(inserted.createdAt).toBeInstanceOf(Date);
    expect(inserted.expiresAt).toEqual(a.expiresAt);
    expect(inserted.statusCode).toBeNull();
    expect(await selectKey(db, { scope, key: a.key })).toEqual([direct]);

    // A second row of another shape (a column more) gets a statement of its own.
    const b = { ...row(scope), statusCode: 201, body: 'x' };
    const second = await insertRow(db, idempotencyKeys, b);
    expect(second).toMatchObject({ key: b.key, statusCode: 201, body: 'x' });
    // And the first shape's statement still inserts its own columns only.
    const c = row(scope);
    expect((await insertRow(db, idempotencyKeys, c)).body).toBeNull();

    const at = new Date('2029-05-06T07:08:09.123Z');
    expect(await finish(db, { scope, key: a.key, statusCode: 200, at })).toEqual([
      { statusCode: 200, committedAt: at },
    ]);
    // Values that differ at every run: the statement was built with the first run's placeholders.
    expect(await finish(db, { scope, key: b.key, statusCode: 409, at })).toEqual([
      { statusCode: 409, committedAt: at },
    ]);
    expect(await finish(db, { scope, key: 'none', statusCode: 200, at })).toEqual([]);
  });

  it('writes an Expression into the statement, a shape of its own beside the plain one', async () => {
    const scope = `stmt:${randomUUID()}`;
    const fixed = new Expression('test_body', sql`'from ' || 'sql'`);
    const withExpression = await insertRow(db, idempotencyKeys, { ...row(scope), body: fixed });
    expect(withExpression.body).toBe('from sql');
    // The same columns with a value are another statement, and the Expression's stays as it was.
    expect((await insertRow(db, idempotencyKeys, { ...row(scope), body: 'plain' })).body).toBe(
      'plain',
    );
    expect((await insertRow(db, idempotencyKeys, { ...row(scope), body: fixed })).body).toBe(
      'from sql',
    );
  });

  it('runs in the transaction it is given, and rolls back with it', async () => {
    const scope = `stmt:${randomUUID()}`;
    const a = row(scope);
    await db
      .transaction(async (tx) => {
        await insertRow(tx, idempotencyKeys, a);
        // Seen inside the transaction, through a statement another run built on the database.
        expect(await selectKey(tx, { scope, key: a.key })).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect(await selectKey(db, { scope, key: a.key })).toEqual([]);
    const [{ n } = { n: -1 }] = (
      (await db.execute<{ n: number }>(
        sql`select count(*)::int as n from idempotency_keys where scope = ${scope}`,
      )) as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(0);
  });
});
