import { randomUUID } from 'node:crypto';
import { dec } from '@swx/money';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestUser, type TestApp } from '../../test/support/test-app';
import { postAlone, selectUserBalances, transferPostings } from '../modules/ledger';
import { idempotentRequestsRunning } from './idempotency';
import { idempotencyKeys } from './idempotency.tables';
import { ok } from './reply';

let t: TestApp;
let failNext = false;
/** The probe fails with a server error after its effect has committed (a later step threw). */
let failAfterCommit = false;
/** While set, the probe waits for it before its effect (an attempt that stalls, or has died). */
let gate: Promise<void> | null = null;

/** A money-moving probe route: debits the caller's available USDT to the house. */
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      app.post(
        '/swx/test/pay',
        {
          config: { auth: 'user', idempotent: true },
          schema: { body: z.object({ amount: z.string() }) },
        },
        async (request) => {
          const body = request.body as { amount: string };
          const userId = request.principal?.kind === 'user' ? request.principal.userId : 0;
          if (failNext) {
            failNext = false;
            throw new Error('crash before any effect');
          }
          if (gate) {
            const wait = gate;
            gate = null;
            await wait;
          }
          const result = await postAlone(t.database.db, {
            kind: 'test.pay',
            ref: randomUUID(),
            mode: request.mode,
            postings: transferPostings(
              { owner: 'user', userId, bucket: 'available' },
              { owner: 'system', name: 'house' },
              'USDT',
              body.amount,
            ),
          });
          if (failAfterCommit) {
            failAfterCommit = false;
            throw new Error('crash after the effect');
          }
          return ok(request, { transactionId: result.transactionId }, 20004);
        },
      );
    },
  });
});
afterAll(() => t.close());

async function fundedUser(amount: string) {
  const user = await createTestUser(t.database, t.config);
  await postAlone(t.database.db, {
    kind: 'test.fund',
    ref: randomUUID(),
    mode: 'real',
    postings: transferPostings(
      { owner: 'system', name: 'house' },
      { owner: 'user', userId: user.userId, bucket: 'available' },
      'USDT',
      amount,
    ),
  });
  return user;
}

async function balance(userId: number) {
  const rows = await selectUserBalances(t.database.db, userId, 'real');
  return dec(
    rows.find((r) => r.asset === 'USDT' && r.bucket === 'available')?.balance ?? '0',
  ).toFixed();
}

const pay = (token: string, amount: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/swx/test/pay',
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });

describe('Idempotency-Key', () => {
  it('is required on money-moving routes', async () => {
    const user = await fundedUser('10');
    const res = await pay(user.token, '1');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10105);
    expect((await pay(user.token, '1', 'short')).json().code).toBe(10105);
    expect(await balance(user.userId)).toBe('10');
  });

  it('replays the first reply with no second effect', async () => {
    const user = await fundedUser('10');
    const key = randomUUID();
    const first = await pay(user.token, '4', key);
    expect(first.statusCode).toBe(200);
    expect(first.json().code).toBe(20004);
    const again = await pay(user.token, '4', key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balance(user.userId)).toBe('6');
  });

  it('refuses the same key with other parameters', async () => {
    const user = await fundedUser('10');
    const key = randomUUID();
    await pay(user.token, '1', key);
    const other = await pay(user.token, '2', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(10104);
    expect(await balance(user.userId)).toBe('9');
  });

  it('scopes keys to the caller', async () => {
    const a = await fundedUser('10');
    const b = await fundedUser('10');
    const key = randomUUID();
    expect((await pay(a.token, '1', key)).statusCode).toBe(200);
    expect((await pay(b.token, '1', key)).statusCode).toBe(200);
    expect(await balance(a.userId)).toBe('9');
    expect(await balance(b.userId)).toBe('9');
  });

  it('stores a business refusal too, so a retry does not try again', async () => {
    const user = await fundedUser('1');
    const key = randomUUID();
    const first = await pay(user.token, '5', key);
    expect(first.json().code).toBe(10092);
    const again = await pay(user.token, '5', key);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('lets a retry run again after a server error (nothing was committed)', async () => {
    const user = await fundedUser('10');
    const key = randomUUID();
    failNext = true;
    expect((await pay(user.token, '3', key)).statusCode).toBe(500);
    expect(await balance(user.userId)).toBe('10');
    expect((await pay(user.token, '3', key)).statusCode).toBe(200);
    expect(await balance(user.userId)).toBe('7');
  });

  it('100 concurrent replays of one key have one effect and one answer', async () => {
    const user = await fundedUser('100');
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => pay(user.token, '2.5', key)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(await balance(user.userId)).toBe('97.5');
  });

  describe('after a crash (the attempt holding the key died)', () => {
    const keyRow = async (userId: number, key: string) => {
      const [row] = await t.database.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, `user:${userId}`), eq(idempotencyKeys.key, key)));
      return row;
    };
    /** The claim as a dead node leaves it, older than the lease (30 s). */
    const ageClaim = (userId: number, key: string, fields: Record<string, unknown> = {}) =>
      t.database.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '1 hour'`, ...fields })
        .where(and(eq(idempotencyKeys.scope, `user:${userId}`), eq(idempotencyKeys.key, key)));

    it('marks the key in the transaction that carries the request out', async () => {
      const user = await fundedUser('10');
      const key = randomUUID();
      await pay(user.token, '1', key);
      const row = await keyRow(user.userId, key);
      expect(row?.status).toBe('done');
      expect(row?.committedAt).toBeInstanceOf(Date);
      expect(row?.token).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('a refusal commits nothing, and its key stays unmarked', async () => {
      const user = await fundedUser('1');
      const key = randomUUID();
      expect((await pay(user.token, '5', key)).json().code).toBe(10092);
      expect((await keyRow(user.userId, key))?.committedAt).toBeNull();
    });

    it('a retry takes over a key whose attempt committed nothing; that attempt, if it wakes, rolls back', async () => {
      const user = await fundedUser('10');
      const key = randomUUID();
      let wake = () => {};
      gate = new Promise((resolve) => (wake = resolve));
      const stalled = pay(user.token, '3', key);
      await expect.poll(async () => (await keyRow(user.userId, key))?.status).toBe('pending');
      await ageClaim(user.userId, key);

      const retry = await pay(user.token, '3', key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().code).toBe(20004);
      expect(await balance(user.userId)).toBe('7');

      wake();
      const late = await stalled;
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe(10106);
      expect(await balance(user.userId)).toBe('7');
      // The stored reply is the retry's: the woken attempt left it alone.
      const again = await pay(user.token, '3', key);
      expect(again.body).toBe(retry.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // Every attempt released its claim's context (tracking stops while none runs).
      expect(idempotentRequestsRunning()).toBe(0);
    });

    it('a retry of a request carried out whose reply was lost is told so (10170); nothing runs twice', async () => {
      const user = await fundedUser('10');
      const key = randomUUID();
      expect((await pay(user.token, '3', key)).statusCode).toBe(200);
      // The node died after the commit, before it stored the reply.
      await ageClaim(user.userId, key, { status: 'pending', statusCode: null, body: null });
      const retry = await pay(user.token, '3', key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().code).toBe(10170);
      expect(await balance(user.userId)).toBe('7');
      // Other parameters under the same key are still refused as such.
      expect((await pay(user.token, '4', key)).json().code).toBe(10104);
    });

    it('a server error after the commit keeps the key: the retry is told 10170, not run again', async () => {
      const user = await fundedUser('10');
      const key = randomUUID();
      failAfterCommit = true;
      expect((await pay(user.token, '3', key)).statusCode).toBe(500);
      expect(await balance(user.userId)).toBe('7');
      expect((await keyRow(user.userId, key))?.committedAt).toBeInstanceOf(Date);
      await ageClaim(user.userId, key);
      const retry = await pay(user.token, '3', key);
      expect(retry.json().code).toBe(10170);
      expect(await balance(user.userId)).toBe('7');
    });
  });
});
