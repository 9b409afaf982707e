import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../test/support/test-db';
import { Folded } from './pg-fold';
import { foldingOf, prepareStatements } from './pg-prepared';

// Needs a PostgreSQL server (PGlite has no pool of connections): the PostgreSQL pass runs it.
describe.runIf(TEST_DATABASE_URL)('statements folded into the next one', () => {
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  /** Answers PostgreSQL gave since the last reset: one per round trip. */
  let roundTrips = 0;
  beforeAll(async () => {
    // One connection, so every transaction below runs on the same one.
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    prepareStatements(pool);
    pool.on('connect', (client) => {
      (client as unknown as { connection: pg.Connection }).connection.on(
        'readyForQuery',
        () => (roundTrips += 1),
      );
    });
    db = drizzle({ client: pool });
    await db.execute(sql`create table if not exists begin_probe (n int not null)`);
    await db.execute(sql`create sequence if not exists begin_probe_order`);
    // The first transaction on a connection prepares BEGIN; the ones after fold it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int`);
    });
  });
  beforeEach(async () => {
    await db.execute(sql`delete from begin_probe`);
    roundTrips = 0;
  });
  afterAll(async () => {
    await db.execute(sql`drop table if exists begin_probe`);
    await db.execute(sql`drop sequence if exists begin_probe_order`);
    await pool.end();
  });

  const count = async () =>
    (await db.execute<{ n: number }>(sql`select count(*)::int as n from begin_probe`)).rows[0]?.n;

  it('runs every statement in one transaction, one round trip fewer', async () => {
    const ids = await db.transaction(async (tx) => {
      const first = await tx.execute<{ id: string }>(
        sql`select txid_current()::text as id, ${1}::int as one`,
      );
      await tx.execute(sql`insert into begin_probe values (${1})`);
      const last = await tx.execute<{ id: string }>(
        sql`select txid_current()::text as id, ${2}::int as two`,
      );
      return [first.rows[0]?.id, last.rows[0]?.id];
    });
    expect(ids[0]).toBeDefined();
    expect(ids[1]).toBe(ids[0]);
    // BEGIN with the first statement, the second, the third, COMMIT.
    expect(roundTrips).toBe(4);
    expect(await count()).toBe(1);
  });

  it('rolls back what the transaction wrote when it throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_probe values (${1})`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(0);
  });

  it('reports a first statement that fails, rolls back, and keeps the connection usable', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_probe values (${1} / ${0}::int)`);
      }),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    const { rows } = await db.execute<{ status: string }>(sql`select ${'ok'}::text as status`);
    expect(rows[0]?.status).toBe('ok');
    expect(await count()).toBe(0);
  });

  it('keeps the isolation level the transaction asked for', async () => {
    const level = await db.transaction(
      async (tx) =>
        (
          await tx.execute<{ level: string }>(
            sql`select current_setting(${'transaction_isolation'}) as level`,
          )
        ).rows[0]?.level,
      { isolationLevel: 'serializable' },
    );
    expect(level).toBe('serializable');
  });

  it('sends BEGIN on its own before a first statement without parameters', async () => {
    const id = await db.transaction(async (tx) => {
      await tx.execute(sql`lock table begin_probe in share mode`);
      await tx.execute(sql`insert into begin_probe values (${5})`);
      return (await tx.execute<{ n: number }>(sql`select count(*)::int as n from begin_probe`))
        .rows[0]?.n;
    });
    expect(id).toBe(1);
    expect(roundTrips).toBe(5);
  });

  it('keeps the order of statements started at once, behind a BEGIN sent on its own', async () => {
    const [first, second, last] = await db.transaction(async (tx) => {
      const [a, b] = await Promise.all([
        // Without parameters: BEGIN goes on its own, then this.
        tx.execute<{ id: string; at: number }>(
          sql`select txid_current()::text as id, nextval('begin_probe_order')::int as at`,
        ),
        tx.execute<{ id: string; at: number }>(
          sql`select txid_current()::text as id, nextval('begin_probe_order')::int as at, ${1}::int as one`,
        ),
      ]);
      const c = await tx.execute<{ id: string }>(sql`select txid_current()::text as id, ${2}::int`);
      return [a.rows[0], b.rows[0], c.rows[0]?.id];
    });
    expect(first?.id).toBeDefined();
    expect(second?.id).toBe(first?.id);
    expect(last).toBe(first?.id);
    // Sent in the order they were started.
    expect(second?.at).toBe((first?.at ?? 0) + 1);
  });

  it('sends nothing for a transaction that runs no statement', async () => {
    await db.transaction(async () => undefined);
    await expect(
      db.transaction(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    expect(roundTrips).toBe(0);
  });

  it('skips the statement when the statement sent before it in the same message fails', async () => {
    // What guards a folded statement should its BEGIN fail: PostgreSQL discards everything up to
    // the Sync after an error. Here the statement in BEGIN's place is one that fails.
    const client = await pool.connect();
    try {
      await client.query({ name: 'begin_probe_boom', text: 'select 1 / 0' }).catch(() => undefined);
      const outcome = await new Promise<unknown>((resolve) => {
        void client.query(
          new Folded(
            [{ name: 'begin_probe_boom', text: 'select 1 / 0', values: [] }],
            { text: 'insert into begin_probe values ($1)' },
            [7],
            (error: Error | undefined) => resolve(error),
          ),
        );
      });
      expect(String(outcome)).toMatch(/division by zero/);
    } finally {
      client.release();
    }
    expect(await count()).toBe(0);
  });

  /** Defers `value`'s insert (or a division by it, 0 failing) to the transaction's COMMIT. */
  const deferInsert = (tx: unknown, value: number, failing = false, essential = false) => {
    const client = (tx as { session: { client: unknown } }).session.client;
    const folding = foldingOf(client);
    if (!folding) throw new Error('no folding on this client');
    folding.defer(
      failing
        ? { name: 'begin_probe_fail', text: 'select 1 / $1::int', values: [value] }
        : {
            name: 'begin_probe_insert',
            text: 'insert into begin_probe values ($1)',
            values: [value],
            essential,
          },
    );
  };

  it('runs a deferred statement with the COMMIT, in the same round trip', async () => {
    // The first time on a connection it goes on its own (and is prepared), then with the COMMIT.
    for (const value of [1, 2]) {
      roundTrips = 0;
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_probe values (${value * 10})`);
        deferInsert(tx, value);
      });
      expect(roundTrips).toBe(value === 1 ? 3 : 2);
    }
    const { rows } = await db.execute<{ n: number }>(sql`select n from begin_probe order by n`);
    expect(rows.map((r) => r.n)).toEqual([1, 2, 10, 20]);
  });

  it('commits nothing when the deferred statement fails, sent alone or with the COMMIT', async () => {
    for (const attempt of [1, 2]) {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into begin_probe values (${attempt})`);
          deferInsert(tx, 0, true);
        }),
      ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
      expect(await count()).toBe(0);
    }
    // The connection is out of its failed transaction and takes the next one.
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into begin_probe values (${3})`);
    });
    expect(await count()).toBe(1);
  });

  it('drops a deferred statement when the transaction rolls back or never sent anything', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into begin_probe values (${4})`);
        deferInsert(tx, 5);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    roundTrips = 0;
    await db.transaction(async (tx) => {
      deferInsert(tx, 6);
    });
    expect(roundTrips).toBe(0);
    expect(await count()).toBe(0);
  });

  it('runs an essential deferred statement even when nothing else was sent since BEGIN', async () => {
    // The first time on a connection BEGIN, the statement and the COMMIT may go one by one (to be
    // prepared); after that in one message.
    for (const value of [7, 8]) {
      roundTrips = 0;
      await db.transaction(async (tx) => {
        deferInsert(tx, value, false, true);
      });
      if (value === 8) expect(roundTrips).toBe(1);
    }
    const { rows } = await db.execute<{ n: number }>(sql`select n from begin_probe order by n`);
    expect(rows.map((r) => r.n)).toEqual([7, 8]);
    // And it goes with the COMMIT when it fails: nothing is kept.
    await expect(
      db.transaction(async (tx) => {
        deferInsert(tx, 0, true);
        deferInsert(tx, 9, false, true);
      }),
    ).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(await count()).toBe(2);
  });
});
