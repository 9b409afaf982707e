import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { housekeepingJob } from './housekeeping.jobs';
import { idempotencyKeys } from './idempotency.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** A stored reply that expires `inMs` from now on the wall clock. */
async function storedReply(inMs: number): Promise<string> {
  const key = randomUUID();
  const now = Date.now();
  await t.database.db.insert(idempotencyKeys).values({
    scope: 'user:0',
    key,
    fingerprint: 'f',
    status: 'done',
    statusCode: 200,
    body: '{"code":200}',
    createdAt: new Date(now - 24 * HOUR + inMs),
    expiresAt: new Date(now + inMs),
  });
  return key;
}

async function left(keys: string[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.key, keys));
  return rows.map((r) => r.key).sort();
}

function purge(periodEnd: Date) {
  return t.database.db.transaction((tx) =>
    housekeepingJob.run({
      tx,
      key: periodEnd.toISOString(),
      periodStart: new Date(periodEnd.getTime() - HOUR),
      periodEnd,
      bus: undefined,
    }),
  );
}

describe('housekeeping', () => {
  it('forgets replies whose 24 hours are over, and keeps the others', async () => {
    const expired = await storedReply(-60_000);
    const live = await storedReply(HOUR);
    await purge(new Date());
    expect(await left([expired, live])).toEqual([live]);
  });

  it('never purges early when the job clock is ahead of the wall clock (a test clock)', async () => {
    const expired = await storedReply(-60_000);
    const live = await storedReply(HOUR);
    await purge(new Date(Date.now() + 10 * 24 * HOUR));
    expect(await left([expired, live])).toEqual([live]);
  });

  it('a catch-up of an old period purges only what had expired by its end', async () => {
    const expired = await storedReply(-60_000);
    await purge(new Date(Date.now() - 2 * HOUR));
    expect(await left([expired])).toEqual([expired]);
  });
});
