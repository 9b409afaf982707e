import { randomUUID } from 'node:crypto';
import { dec } from '@swx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestUser, type TestApp } from '../../test/support/test-app';
import { postAlone, selectUserBalances, transferPostings } from '../modules/ledger';
import { ok } from './reply';

let t: TestApp;
let failNext = false;

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
});
