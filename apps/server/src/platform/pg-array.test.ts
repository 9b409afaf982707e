import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/support/test-db';
import { pgArray } from './pg-array';

describe('pgArray', () => {
  it('carries every value through PostgreSQL unchanged', async () => {
    const { db } = await testDatabase();
    const texts = [
      'plain',
      '',
      'with "quotes"',
      'back\\slash',
      'comma, {brace}',
      'NULL',
      'ü 中文 ',
      null,
    ];
    const numbers = ['0', '-10.123456', '99999999999999999999.12345678', null];
    const { rows } = (await db.execute<{ t: string | null; n: string | null; i: number }>(sql`
      select x.t, y.n::text as n, x.i::int as i
      from unnest(${pgArray(texts, 'text')}) with ordinality as x(t, i)
      left join unnest(${pgArray(numbers, 'numeric')}) with ordinality as y(n, i) on y.i = x.i
      order by x.i`)) as { rows: { t: string | null; n: string | null; i: number }[] };
    expect(rows.map((r) => r.t)).toEqual(texts);
    expect(rows.slice(0, numbers.length).map((r) => r.n)).toEqual(numbers);
  });

  it('sends an empty column as an empty array', async () => {
    const { db } = await testDatabase();
    const { rows } = (await db.execute<{ n: number }>(
      sql`select count(*)::int as n from unnest(${pgArray([], 'bigint')})`,
    )) as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
  });
});
