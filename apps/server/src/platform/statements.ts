import * as drizzle from 'drizzle-orm';
import { sql, type Query, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './db';

/**
 * Statements that drizzle builds once instead of at every run.
 *
 * drizzle turns a query builder into SQL text again on every `await`, walking every column and
 * checking every part's class: on the bench's contract orders that was a fifth of the server's
 * CPU (13 % for the three inserts alone, `npm run bench`, profiled with `BENCH_CHILD_PROF`). A
 * statement here is built on its first run, with placeholders where its values go, and later runs
 * only fill the placeholders and read the rows as drizzle does (the same columns, the same types).
 * It runs on whatever it is given, the database or an open transaction, as drizzle's own
 * `prepare()` cannot (that one is bound to the connection it was made on).
 */

/** What a built statement keeps: its text with numbered parameters and how to read its rows. */
interface Built {
  query: Query;
  fields: SelectedFieldsOrdered | undefined;
}

/** A select, insert, update or delete builder: its SQL and the type its rows are read as. */
interface Builder<R> {
  toSQL(): Query;
  readonly _: { readonly result: R };
}

/** drizzle's own ordering of a select's fields: exported, though not in its type declarations. */
const orderSelectedFields = (() => {
  const order = (
    drizzle as unknown as {
      orderSelectedFields?: (fields: Record<string, unknown>) => SelectedFieldsOrdered;
    }
  ).orderSelectedFields;
  if (typeof order !== 'function')
    throw new Error('drizzle-orm no longer exports orderSelectedFields (platform/statements.ts)');
  return order;
})();

function builtOf(builder: Builder<unknown>): Built {
  // The two things drizzle's own `prepare()` hands to the session; the builder keeps them in its
  // config (inserts, updates and deletes as `returning`, selects as `fields`).
  const { config } = builder as unknown as {
    config: {
      returning?: SelectedFieldsOrdered;
      fields?: Record<string, unknown>;
      joins?: unknown[];
    };
  };
  // A join reads nullable sides with a map that only the builder's own run passes on.
  if (config.joins && config.joins.length > 0) throw new Error('a reusable statement has no joins');
  const fields =
    config.returning ?? (config.fields ? orderSelectedFields(config.fields) : undefined);
  return { query: builder.toSQL(), fields };
}

function runBuilt<R>(db: Executor, built: Built, values: Record<string, unknown>): Promise<R> {
  return db._.session
    .prepareQuery(built.query, built.fields, undefined, true)
    .execute(values) as Promise<R>;
}

/**
 * A statement built once, on its first run: `build` writes it with `p(name)` wherever a value goes,
 * and each run passes the values by name. Only the values may change between runs, never the
 * statement's shape.
 *
 * `p` gives drizzle's placeholder, typed as any value (type `p`'s parameter to have the names
 * checked at every run): drizzle fills one in `set` and `values` as it fills a value (with the
 * column's conversion, a Date to its text), though the types of those two accept no placeholder.
 */
export function reusable<P extends string, R>(
  build: (db: Executor, p: (name: P) => never) => Builder<R>,
): (db: Executor, values: Record<P, unknown>) => Promise<R> {
  let built: Built | undefined;
  return (db, values) => {
    built ??= builtOf(build(db, (name) => sql.placeholder(name) as never));
    return runBuilt<R>(db, built, values);
  };
}

/**
 * A value that `insertRow` writes as an SQL expression in the statement's text rather than as a
 * parameter: the same for every row, so it is part of the statement's shape, under `name`.
 */
export class Expression {
  constructor(
    readonly name: string,
    readonly sql: SQL,
  ) {}
}

/** A row's values, any of which may be an Expression. */
export type WithExpressions<V> = { [K in keyof V]: V[K] | Expression };

/** Each table's inserts, built once for each set of columns given. */
const inserts = new WeakMap<PgTable, Map<string, Built>>();

/**
 * Inserts one row and returns it, as `db.insert(table).values(values).returning()` does. The
 * statement is built once for each set of columns a caller gives (the others take their defaults),
 * so a table's few kinds of row (a market order, a limit order) each have one.
 */
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: WithExpressions<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const given = values as Record<string, unknown>;
  const keys = Object.keys(given).filter((key) => given[key] !== undefined);
  const shape = keys
    .map((key) => {
      const value = given[key];
      return value instanceof Expression ? `${key}=${value.name}` : key;
    })
    .join(',');
  let byShape = inserts.get(table);
  if (!byShape) inserts.set(table, (byShape = new Map<string, Built>()));
  let built = byShape.get(shape);
  if (!built) {
    const row = Object.fromEntries(
      keys.map((key) => {
        const value = given[key];
        return [key, value instanceof Expression ? value.sql : sql.placeholder(key)];
      }),
    );
    built = builtOf(
      db
        .insert(table)
        .values(row as T['$inferInsert'])
        .returning(),
    );
    byShape.set(shape, built);
  }
  const [inserted] = await runBuilt<T['$inferSelect'][]>(db, built, given);
  if (!inserted) throw new Error('an insert returned no row');
  return inserted;
}
