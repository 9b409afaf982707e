import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../test/support/test-db';
import { prepareStatements, statementNames } from './pg-prepared';

describe('statementNames', () => {
  it('gives one text one name, and no name past the limit', () => {
    const nameOf = statementNames(2);
    const a = nameOf('select $1');
    const b = nameOf('select $1, $2');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(nameOf('select $1')).toBe(a);
    expect(nameOf('select $1, $2, $3')).toBeUndefined();
    // A text named before the limit was reached keeps its name.
    expect(nameOf('select $1, $2')).toBe(b);
  });
});

// Needs a PostgreSQL server (PGlite has no pool of connections): the PostgreSQL pass runs it.
describe.runIf(TEST_DATABASE_URL)('prepareStatements on PostgreSQL', () => {
  let pool: pg.Pool;
  // One connection, so every query below sees the statements the ones before it prepared.
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    prepareStatements(pool, 3);
  });
  afterAll(() => pool.end());

  const prepared = async () =>
    (
      await pool.query<{ statement: string }>('select statement from pg_prepared_statements')
    ).rows.map((r) => r.statement);

  it('prepares a statement with parameters once and runs it again by name', async () => {
    const db = drizzle({ client: pool });
    for (const n of [1, 2, 3]) {
      const { rows } = await db.execute<{ doubled: number }>(sql`select ${n}::int * 2 as doubled`);
      expect(rows[0]?.doubled).toBe(n * 2);
    }
    expect((await prepared()).filter((s) => s.includes('* 2 as doubled'))).toHaveLength(1);
  });

  it('sends a statement without parameters as it is, several statements included', async () => {
    // Several statements answer one result each; a prepared statement may hold only one.
    const results = (await pool.query(
      'create temporary table prepared_probe (n int); select 7 as n',
    )) as unknown as pg.QueryResult[];
    expect(results.map((r) => r.command)).toEqual(['CREATE', 'SELECT']);
    const result = await pool.query<{ n: number }>({ text: 'select 7 as n' });
    expect(result.rows[0]?.n).toBe(7);
    expect((await prepared()).some((s) => s.includes('prepared_probe'))).toBe(false);
    expect((await prepared()).some((s) => s.includes('select 7 as n'))).toBe(false);
  });

  it('reports a statement that fails to parse, each time, and keeps the connection usable', async () => {
    for (let i = 0; i < 2; i++)
      await expect(pool.query({ text: 'selec $1::int' }, [1])).rejects.toThrow(/syntax error/);
    for (let i = 0; i < 2; i++)
      await expect(pool.query({ text: 'select 1 / $1::int' }, [0])).rejects.toThrow(/division/);
    const { rows } = await pool.query<{ q: number }>({ text: 'select 1 / $1::int as q' }, [1]);
    expect(rows[0]?.q).toBe(1);
  });

  it('leaves statements past the limit unnamed, and they still run', async () => {
    // The limit is 3 and the tests above named 3 texts: this one runs unnamed.
    const { rows } = await pool.query<{ s: string }>({ text: 'select $1::text as s' }, ['past']);
    expect(rows[0]?.s).toBe('past');
    expect((await prepared()).some((s) => s.includes('as s'))).toBe(false);
  });
});
