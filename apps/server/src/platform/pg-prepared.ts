import type pg from 'pg';
import { foldStatements, type Folding, type ProtocolConnection, type Query } from './pg-fold';

/**
 * Distinct statement texts a pool names at most. A statement is named the first time it runs and
 * stays named; a text past the limit runs unnamed (parsed and planned each time, as before). Each
 * pooled connection then holds at most this many prepared statements on the server. A test worker
 * running the sweep, fuzz and simulation suites named 97; the limit is for texts that vary with
 * their input (an `in (...)` list of any length).
 */
export const MAX_NAMED_STATEMENTS = 1_000;

/** The name of each statement text: the same text always gets the same name in one process. */
export function statementNames(max = MAX_NAMED_STATEMENTS): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `swx_${names.size.toString(36)}`;
      names.set(text, name);
    }
    return name;
  };
}

const foldings = new WeakMap<object, Folding>();

/** The folding of a pooled client's statements (pg-fold.ts), if `prepareStatements` set it up. */
export function foldingOf(client: unknown): Folding | undefined {
  return typeof client === 'object' && client !== null ? foldings.get(client) : undefined;
}

/**
 * Makes every connection of `pool` send each statement with parameters as a named prepared
 * statement, so PostgreSQL parses and plans it once per connection instead of on every call (as
 * `pgbench -M prepared` and postgres.js do). On the bench's ledger transfers this took PostgreSQL
 * from about 1,050 to about 1,550 transfers/s with 16 at once (scripts/bench.ts).
 *
 * Only statements with parameters are named: one without them (a migration's several statements,
 * `vacuum`, `begin`) still goes through the simple protocol, which allows what a prepared statement
 * does not. Named statements do not survive a connection pooler in transaction mode (pgbouncer
 * before 1.21); the product connects to PostgreSQL directly.
 *
 * Every connection also folds a transaction's BEGIN into its first statement, and a statement
 * deferred to its end into its COMMIT (pg-fold.ts): a ledger transfer is two round trips, not three.
 */
export function prepareStatements(pool: pg.Pool, max = MAX_NAMED_STATEMENTS): void {
  const nameOf = statementNames(max);
  pool.on('connect', (client) => {
    const target = client as unknown as { query: Query; connection: ProtocolConnection };
    const folding = foldStatements(target.query.bind(client), () => target.connection);
    foldings.set(client, folding);
    const query = folding.query;
    target.query = (config, ...rest) => {
      const [values] = rest;
      if (
        typeof config === 'object' &&
        config !== null &&
        Array.isArray(values) &&
        values.length > 0
      ) {
        const statement = config as { text?: unknown; name?: unknown };
        if (typeof statement.text === 'string' && statement.name === undefined) {
          const name = nameOf(statement.text);
          if (name !== undefined) return query({ ...statement, name }, ...rest);
        }
      }
      return query(config, ...rest);
    };
  });
  pool.on('release', (_error, client) => foldings.get(client)?.reset());
}
