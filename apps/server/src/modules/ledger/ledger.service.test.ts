import { randomUUID } from 'node:crypto';
import { dec, sum } from '@swx/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDatabase, testDatabase } from '../../../test/support/test-db';
import type { Database, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { insertUser } from '../users';
import {
  DuplicateReasonError,
  findInvariantBreaches,
  post,
  postAlone,
  postAtCommit,
  postBatch,
  selectSystemBalance,
  selectUserBalances,
  selectUserEntries,
  SYSTEM_SHARDS,
  transferPostings,
  type AccountRef,
} from './index';
import { systemBucket } from './ledger.rules';

let database: Database;
const house = { owner: 'system', name: 'house' } as const;
const available = (userId: number) => ({ owner: 'user', userId, bucket: 'available' }) as const;

async function newUser(): Promise<number> {
  return insertUser(database.db, { username: `l_${randomUUID().slice(0, 12)}` });
}

async function balanceOf(
  userId: number,
  asset = 'USDT',
  bucket = 'available',
  mode: 'real' | 'demo' = 'real',
): Promise<string> {
  const rows = await selectUserBalances(database.db, userId, mode);
  return dec(rows.find((r) => r.asset === asset && r.bucket === bucket)?.balance ?? '0').toFixed();
}

const entryCount = async (userId: number) =>
  (await selectUserEntries(database.db, { userId, mode: 'real', limit: 10, offset: 0 })).total;

const fund = (userId: number, amount: string, asset = 'USDT', mode: 'real' | 'demo' = 'real') =>
  postAlone(database.db, {
    kind: 'test.fund',
    ref: randomUUID(),
    mode,
    postings: transferPostings(house, available(userId), asset, amount),
  });

beforeAll(async () => {
  database = await testDatabase();
});

describe('posting', () => {
  it('moves money and records each side with its balance after', async () => {
    const a = await newUser();
    const b = await newUser();
    await fund(a, '100');
    const result = await postAlone(database.db, {
      kind: 'test.transfer',
      ref: randomUUID(),
      mode: 'real',
      postings: transferPostings(available(a), available(b), 'USDT', '30.25'),
    });
    expect(result.userIds.sort()).toEqual([a, b].sort());
    expect(await balanceOf(a)).toBe('69.75');
    expect(await balanceOf(b)).toBe('30.25');
    const entries = await selectUserEntries(database.db, {
      userId: a,
      mode: 'real',
      limit: 10,
      offset: 0,
    });
    expect(entries.total).toBe(2);
    expect(
      entries.rows.map((r) => [r.kind, dec(r.amount).toFixed(), dec(r.balanceAfter).toFixed()]),
    ).toEqual([
      ['test.transfer', '-30.25', '69.75'],
      ['test.fund', '100', '100'],
    ]);
  });

  it('keeps real and demo balances apart', async () => {
    const a = await newUser();
    await fund(a, '5', 'USDT', 'demo');
    expect(await balanceOf(a, 'USDT', 'available', 'demo')).toBe('5');
    expect(await balanceOf(a, 'USDT', 'available', 'real')).toBe('0');
  });

  it('refuses with 10092 and writes nothing when a user balance would go negative', async () => {
    const a = await newUser();
    await fund(a, '10');
    const attempt = postAlone(database.db, {
      kind: 'test.overdraw',
      ref: randomUUID(),
      mode: 'real',
      postings: transferPostings(available(a), house, 'USDT', '10.000001'),
    });
    await expect(attempt).rejects.toMatchObject({ code: 10092 });
    expect(await balanceOf(a)).toBe('10');
    expect(await entryCount(a)).toBe(1);
  });

  it('posts a reason once: the same (kind, ref) again is refused with no effect', async () => {
    const a = await newUser();
    const ref = randomUUID();
    const input = {
      kind: 'test.once',
      ref,
      mode: 'real' as const,
      postings: transferPostings(house, available(a), 'USDT', '1'),
    };
    await postAlone(database.db, input);
    await expect(postAlone(database.db, input)).rejects.toBeInstanceOf(DuplicateReasonError);
    expect(await balanceOf(a)).toBe('1');
  });

  it('rolls back the ledger with the business change that failed after it', async () => {
    const a = await newUser();
    await expect(
      database.db.transaction(async (tx) => {
        await post(tx, {
          kind: 'test.rollback',
          ref: randomUUID(),
          mode: 'real',
          postings: transferPostings(house, available(a), 'USDT', '7'),
        });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await balanceOf(a)).toBe('0');
  });
});

// On PostgreSQL the posting goes in the message with the COMMIT (ledger_post_at_commit); on PGlite it
// posts at once. Either way the outcome is the same.
describe('posting at commit', () => {
  const atCommit = (
    userId: number,
    amount: string,
    options: { asset?: string; ref?: string; before?: (tx: Tx) => Promise<unknown> } = {},
  ) =>
    database.db.transaction(async (tx) => {
      await options.before?.(tx);
      await postAtCommit(tx, {
        kind: 'test.commit',
        ref: options.ref ?? randomUUID(),
        mode: 'real',
        postings: transferPostings(available(userId), house, options.asset ?? 'USDT', amount),
      });
    });

  it('moves money as a post does, opening the accounts it uses first', async () => {
    const a = await newUser();
    const asset = `Y${randomUUID().slice(0, 6).toUpperCase()}`;
    await fund(a, '10', asset);
    // The house's account in this asset and mode exists now; a fresh user's does not.
    const b = await newUser();
    await database.db.transaction((tx) =>
      postAtCommit(tx, {
        kind: 'test.commit',
        ref: randomUUID(),
        mode: 'real',
        postings: transferPostings(available(a), available(b), asset, '4.5'),
      }),
    );
    expect(await balanceOf(a, asset)).toBe('5.5');
    expect(await balanceOf(b, asset)).toBe('4.5');
    const entries = await selectUserEntries(database.db, {
      userId: b,
      mode: 'real',
      limit: 10,
      offset: 0,
    });
    expect(entries.rows.map((r) => [r.kind, dec(r.balanceAfter).toFixed()])).toEqual([
      ['test.commit', '4.5'],
    ]);
    expect(await findInvariantBreaches(database.db)).toEqual([]);
  });

  it('fails the transaction with 10092 when a balance would go negative, keeping none of it', async () => {
    const a = await newUser();
    await fund(a, '10');
    const attempt = atCommit(a, '10.5', {
      // A change earlier in the same transaction goes too.
      before: (tx) =>
        post(tx, {
          kind: 'test.commit.before',
          ref: randomUUID(),
          mode: 'real',
          postings: transferPostings(house, available(a), 'USDT', '0.25'),
        }),
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 10092 });
    expect(await balanceOf(a)).toBe('10');
    expect(await entryCount(a)).toBe(1);
  });

  it('fails the transaction when its reason has posted before', async () => {
    const a = await newUser();
    await fund(a, '10');
    const ref = randomUUID();
    await atCommit(a, '1', { ref });
    await expect(atCommit(a, '1', { ref })).rejects.toThrow();
    expect(await balanceOf(a)).toBe('9');
  });

  it('200 concurrent debits at commit against a balance that covers exactly one: one success', async () => {
    const a = await newUser();
    await fund(a, '25');
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => atCommit(a, '25')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r) => r.status === 'rejected');
    expect(refusals).toHaveLength(199);
    for (const r of refusals) expect(r.reason).toMatchObject({ code: 10092 });
    expect(await balanceOf(a)).toBe('0');
    expect(await findInvariantBreaches(database.db)).toEqual([]);
  });
});

describe('batches and shards', () => {
  it('posts a batch in order, each transaction with its own balances after', async () => {
    const a = await newUser();
    await fund(a, '10');
    const refs = [randomUUID(), randomUUID(), randomUUID()];
    const results = await database.db.transaction((tx) =>
      postBatch(
        tx,
        refs.map((ref) => ({
          kind: 'test.batch',
          ref,
          mode: 'real' as const,
          postings: transferPostings(available(a), house, 'USDT', '3'),
        })),
      ),
    );
    expect(results.map((r) => r.balances.find((b) => b.key.startsWith('user:'))?.balance)).toEqual([
      '7',
      '4',
      '1',
    ]);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(3);
    expect(await balanceOf(a)).toBe('1');
    expect(await findInvariantBreaches(database.db)).toEqual([]);
  });

  it('refuses a whole batch when one reason posted before or one balance would go negative', async () => {
    const a = await newUser();
    await fund(a, '5');
    const done = randomUUID();
    await postAlone(database.db, {
      kind: 'test.batch',
      ref: done,
      mode: 'real',
      postings: transferPostings(available(a), house, 'USDT', '1'),
    });
    const batch = (refs: string[], amount: string) =>
      database.db.transaction((tx) =>
        postBatch(
          tx,
          refs.map((ref) => ({
            kind: 'test.batch',
            ref,
            mode: 'real' as const,
            postings: transferPostings(available(a), house, 'USDT', amount),
          })),
        ),
      );
    await expect(batch([randomUUID(), done], '1')).rejects.toBeInstanceOf(DuplicateReasonError);
    // One reason twice in the same batch: the second would post nothing, so the batch is refused.
    const twice = randomUUID();
    await expect(batch([twice, twice], '1')).rejects.toBeInstanceOf(DuplicateReasonError);
    const posted = await batch([randomUUID(), randomUUID()], '2');
    expect(posted).toHaveLength(2);
    expect(posted.every((r) => r.transactionId > 0)).toBe(true);
    expect(posted[0]?.transactionId).not.toBe(posted[1]?.transactionId);
    await expect(batch([randomUUID(), randomUUID()], '0.01')).rejects.toMatchObject({
      code: 10092,
    });
    expect(await balanceOf(a)).toBe('0');
    expect(await findInvariantBreaches(database.db)).toEqual([]);
  });

  it('checks each balance at every posting of a batch, in order: a dip below zero refuses it', async () => {
    const a = await newUser();
    await fund(a, '5');
    const step = (from: AccountRef, to: AccountRef) => ({
      kind: 'test.batch',
      ref: randomUUID(),
      mode: 'real' as const,
      postings: transferPostings(from, to, 'USDT', '6'),
    });
    const batch = (steps: ReturnType<typeof step>[]) =>
      database.db.transaction((tx) => postBatch(tx, steps));
    // Out first, then back: the balance would be -1 in between, though it ends at 5.
    await expect(
      batch([step(available(a), house), step(house, available(a))]),
    ).rejects.toMatchObject({ code: 10092 });
    expect(await balanceOf(a)).toBe('5');
    const posted = await batch([step(house, available(a)), step(available(a), house)]);
    expect(posted.map((r) => r.balances.find((b) => b.key.startsWith('user:'))?.balance)).toEqual([
      '11',
      '5',
    ]);
    expect(await findInvariantBreaches(database.db)).toEqual([]);
  });

  it('opens the accounts a batch uses first, and keeps each user apart in order', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const asset = `Z${randomUUID().slice(0, 6).toUpperCase()}`;
    const results = await database.db.transaction((tx) =>
      postBatch(
        tx,
        [a, b, a].map((userId, i) => ({
          kind: 'test.batch',
          ref: randomUUID(),
          mode: 'real' as const,
          postings: transferPostings(house, available(userId), asset, String(i + 1)),
        })),
      ),
    );
    expect(results.map((r) => r.userIds)).toEqual([[a], [b], [a]]);
    expect(results.map((r) => r.balances.find((x) => x.key.startsWith('user:'))?.balance)).toEqual([
      '1',
      '2',
      '4',
    ]);
    expect(await balanceOf(a, asset)).toBe('4');
    expect(await balanceOf(b, asset)).toBe('2');
    expect(await findInvariantBreaches(database.db)).toEqual([]);
  });

  it('books a system account to the shard of the user, and its balance is the sum of its shards', async () => {
    const fees = { owner: 'system', name: 'fees' } as const;
    const asset = 'SHRD';
    const before = await selectSystemBalance(database.db, 'fees', 'demo', asset);
    const users = [await newUser(), await newUser(), await newUser()];
    for (const [i, userId] of users.entries()) {
      await postAlone(database.db, {
        kind: 'test.shard',
        ref: randomUUID(),
        mode: 'demo',
        postings: transferPostings(fees, available(userId), asset, String(i + 1)),
      });
    }
    const shards = (await database.db.execute<{ bucket: string; balance: string }>(sql`
      select bucket, balance::text as balance from ledger_accounts
      where system_name = 'fees' and mode = 'demo' and asset = ${asset}`)) as {
      rows: { bucket: string; balance: string }[];
    };
    const expected = new Set(users.map((u) => systemBucket(u % SYSTEM_SHARDS)));
    expect(new Set(shards.rows.map((r) => r.bucket))).toEqual(expected);
    expect(dec(await selectSystemBalance(database.db, 'fees', 'demo', asset)).toFixed()).toBe(
      dec(before).minus('6').toFixed(),
    );
  });
});

describe('concurrency', () => {
  it('200 concurrent debits against a balance that covers exactly one: one success, no negative balance', async () => {
    const a = await newUser();
    await fund(a, '25');
    const attempts = Array.from({ length: 200 }, () =>
      postAlone(database.db, {
        kind: 'test.race',
        ref: randomUUID(),
        mode: 'real',
        postings: transferPostings(available(a), house, 'USDT', '25'),
      }),
    );
    const results = await Promise.allSettled(attempts);
    const successes = results.filter((r) => r.status === 'fulfilled');
    const refusals = results.filter((r) => r.status === 'rejected');
    expect(successes).toHaveLength(1);
    expect(refusals).toHaveLength(199);
    for (const r of refusals) expect(r.reason).toBeInstanceOf(AppError);
    expect(await balanceOf(a)).toBe('0');
  });

  it('concurrent transfers in opposite directions neither deadlock nor lose money', async () => {
    const a = await newUser();
    const b = await newUser();
    await fund(a, '1000');
    await fund(b, '1000');
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postAlone(database.db, {
          kind: 'test.pingpong',
          ref: randomUUID(),
          mode: 'real',
          postings:
            i % 2 === 0
              ? transferPostings(available(a), available(b), 'USDT', '3')
              : transferPostings(available(b), available(a), 'USDT', '3'),
        }),
      ),
    );
    expect(sum([await balanceOf(a), await balanceOf(b)]).toFixed()).toBe('2000');
    expect(await balanceOf(a)).toBe('1000');
  });
});

describe('property: random operation sequences keep every invariant', () => {
  const buckets = ['available', 'frozen', 'margin'] as const;
  const assets = ['USDT', 'BTC'] as const;
  const amount = fc
    .tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom(0, 2, 6))
    .map(([units, places]) => dec(BigInt(units)).div(dec('10').pow(places)).toFixed());
  const op = fc.record({
    from: fc.integer({ min: -1, max: 2 }), // -1 = house
    fromBucket: fc.constantFrom(...buckets),
    to: fc.integer({ min: -1, max: 2 }),
    toBucket: fc.constantFrom(...buckets),
    asset: fc.constantFrom(...assets),
    mode: fc.constantFrom('real' as const, 'demo' as const),
    amount,
  });

  it('matches an in-memory model and the three ledger invariants', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const users = [await newUser(), await newUser(), await newUser()];
        const model = new Map<string, ReturnType<typeof dec>>();
        const ref = (i: number, bucket: (typeof buckets)[number]): AccountRef =>
          i < 0 ? house : { owner: 'user', userId: users[i] ?? 0, bucket };
        const key = (i: number, bucket: string, asset: string, mode: string) =>
          `${i}:${bucket}:${asset}:${mode}`;
        for (const o of ops) {
          const from = ref(o.from, o.fromBucket);
          const to = ref(o.to, o.toBucket);
          const fromKey = key(o.from, o.from < 0 ? 'main' : o.fromBucket, o.asset, o.mode);
          const toKey = key(o.to, o.to < 0 ? 'main' : o.toBucket, o.asset, o.mode);
          if (fromKey === toKey) continue;
          const before = model.get(fromKey) ?? dec('0');
          const shouldRefuse = o.from >= 0 && before.minus(o.amount).isNegative();
          const attempt = postAlone(database.db, {
            kind: 'test.property',
            ref: randomUUID(),
            mode: o.mode,
            postings: transferPostings(from, to, o.asset, o.amount),
          });
          if (shouldRefuse) {
            await expect(attempt).rejects.toMatchObject({ code: 10092 });
          } else {
            await attempt;
            model.set(fromKey, before.minus(o.amount));
            model.set(toKey, (model.get(toKey) ?? dec('0')).plus(o.amount));
          }
        }
        for (const [i, userId] of users.entries()) {
          for (const mode of ['real', 'demo'] as const) {
            const rows = await selectUserBalances(database.db, userId, mode);
            for (const row of rows) {
              expect(dec(row.balance).toFixed()).toBe(
                (model.get(key(i, row.bucket, row.asset, mode)) ?? dec('0')).toFixed(),
              );
              expect(dec(row.balance).isNegative()).toBe(false);
            }
          }
        }
        expect(await findInvariantBreaches(database.db)).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});

/** A user of `db` funded from the house, and the funding's transaction. */
async function fundedUser(db: Database['db'], amount: string) {
  const userId = await insertUser(db, { username: `f_${randomUUID().slice(0, 8)}` });
  const { transactionId } = await postAlone(db, {
    kind: 'test.fund',
    ref: `fund-${userId}`,
    mode: 'real',
    postings: transferPostings(house, available(userId), 'USDT', amount),
  });
  return { userId, transactionId };
}

describe('invariant check', () => {
  let isolated: Database;
  beforeAll(async () => {
    isolated = await isolatedDatabase('ledger_breach');
  });
  afterAll(() => isolated?.close());

  it('finds an edited balance and a one-sided posting', async () => {
    const a = await insertUser(isolated.db, { username: `b_${randomUUID().slice(0, 8)}` });
    await postAlone(isolated.db, {
      kind: 'test.fund',
      ref: 'x1',
      mode: 'real',
      postings: transferPostings(house, available(a), 'USDT', '50'),
    });
    expect(await findInvariantBreaches(isolated.db)).toEqual([]);

    await isolated.db.execute(
      sql`update ledger_accounts set balance = balance + 1 where user_id = ${a}`,
    );
    const breaches = await findInvariantBreaches(isolated.db);
    expect(breaches.map((b) => b.invariant).sort()).toEqual([
      'balance_equals_postings',
      'mode_asset_sums_to_zero',
    ]);

    await isolated.db.execute(
      sql`update ledger_accounts set balance = balance - 1 where user_id = ${a}`,
    );
    await isolated.db.execute(
      sql`alter table ledger_accounts drop constraint ledger_accounts_user_nonnegative`,
    );
    await isolated.db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${a}`);
    expect((await findInvariantBreaches(isolated.db)).map((b) => b.invariant)).toContain(
      'user_balance_nonnegative',
    );
  });

  it('finds a posting whose transaction or account does not exist', async () => {
    const other = await isolatedDatabase('ledger_orphan');
    try {
      const { transactionId } = await fundedUser(other.db, '5');
      expect(await findInvariantBreaches(other.db)).toEqual([]);
      // A pair that balances on its own, so only the missing parents are found.
      await other.db.execute(sql`
        insert into ledger_postings (transaction_id, account_id, asset, amount, balance_after)
        values (${transactionId}, 987654321, 'USDT', 1, 1), (987654321, 987654322, 'USDT', -1, -1)`);
      const breaches = (await findInvariantBreaches(other.db)).filter(
        (b) => b.invariant === 'posting_has_parents',
      );
      expect(breaches).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('the database refuses to change or remove what the ledger wrote', async () => {
    const other = await isolatedDatabase('ledger_append_only');
    try {
      const { userId: a, transactionId } = await fundedUser(other.db, '5');
      const refused = [
        sql`update ledger_postings set amount = amount * 2 where transaction_id = ${transactionId}`,
        sql`delete from ledger_postings where transaction_id = ${transactionId}`,
        sql`update ledger_transactions set ref = 'p2' where id = ${transactionId}`,
        sql`delete from ledger_transactions where id = ${transactionId}`,
        sql`delete from ledger_accounts where user_id = ${a}`,
        sql`truncate ledger_postings`,
        sql`truncate ledger_transactions cascade`,
        sql`truncate ledger_accounts cascade`,
      ];
      for (const statement of refused) {
        const failure = await other.db.execute(statement).then(
          () => undefined,
          (error: unknown) => error,
        );
        // The driver wraps the database's refusal: its cause says why.
        expect(String((failure as { cause?: unknown } | undefined)?.cause)).toMatch(/append-only/);
      }
      // Balances still move, through postings.
      await postAlone(other.db, {
        kind: 'test.fund',
        ref: 'p3',
        mode: 'real',
        postings: transferPostings(house, available(a), 'USDT', '1'),
      });
      expect(await findInvariantBreaches(other.db)).toEqual([]);
      const [row] = await selectUserBalances(other.db, a, 'real');
      expect(dec(row?.balance ?? '0').toFixed()).toBe('6');
    } finally {
      await other.close();
    }
  });

  it('the database itself refuses a negative user balance', async () => {
    const other = await isolatedDatabase('ledger_check');
    try {
      const { userId: a } = await fundedUser(other.db, '5');
      await expect(
        other.db.execute(sql`update ledger_accounts set balance = -0.01 where user_id = ${a}`),
      ).rejects.toThrow();
    } finally {
      await other.close();
    }
  });
});
