import pg from 'pg';

/** `client.query` as node-postgres takes it (a text or config, then values or a callback). */
export type Query = (config: unknown, ...rest: unknown[]) => unknown;

/** The parts of node-postgres's protocol connection a folded message uses. */
export interface ProtocolConnection {
  parsedStatements: Record<string, string | undefined>;
  bind(message: {
    portal: string;
    statement: string;
    values: unknown[];
    valueMapper?: (value: unknown) => unknown;
  }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
}

/** A statement prepared on the connection under `name`, run with `values` ahead of the next one. */
export interface Deferred {
  name: string;
  text: string;
  values: unknown[];
  /**
   * A change of its own that the transaction must make (a ledger posting): it runs even when
   * nothing else reached the server since BEGIN. Otherwise (a mark on work done) it is dropped then.
   */
  essential?: boolean;
}

const BEGIN = /^\s*(begin|start\s+transaction)\b[^;]*;?\s*$/i;
const COMMIT = /^\s*(commit|end)\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*;?\s*$/i;
const COMMIT_NAME = 'swx_fold_commit';

function textOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null) {
    const { text } = config as { text?: unknown };
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** What node-postgres answers a statement that returns no rows. */
function emptyResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] };
}

/** The name each BEGIN text is prepared under, on every connection that runs it. */
function beginName(text: string): string {
  return `swx_begin_${Buffer.from(text).toString('base64url')}`;
}

// node-postgres's own pieces its type declarations leave out: a query's messages, and the mapping
// of a value to its text on the wire.
type QueryPrototype = { prepare: (this: pg.Query, connection: ProtocolConnection) => void };
const prepareStatement = (pg.Query.prototype as unknown as QueryPrototype).prepare;
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils.prepareValue;

/**
 * A statement sent in one message, with one Sync, behind statements already prepared on the
 * connection (a transaction's BEGIN, a statement deferred to its COMMIT): PostgreSQL runs them in
 * order. Should one of those before it fail, PostgreSQL skips everything after it up to the Sync
 * (it discards every message until then after an error): a statement sent behind BEGIN can never
 * run outside the transaction, and a COMMIT sent behind a deferred statement never commits when
 * that statement fails. The answer is the last statement's result.
 */
export class Folded extends pg.Query {
  constructor(
    private readonly ahead: readonly Deferred[],
    config: pg.QueryConfig,
    values: unknown[],
    callback: (error: Error | undefined, result: unknown) => void,
  ) {
    super(config, values, (error, result) =>
      callback(error, Array.isArray(result) ? result[result.length - 1] : result),
    );
  }

  prepare(connection: ProtocolConnection): void {
    for (const statement of this.ahead) {
      connection.bind({
        portal: '',
        statement: statement.name,
        values: statement.values,
        valueMapper: prepareValue,
      });
      // Described, so that rows it answers are read with their fields, as any statement's are.
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
    }
    prepareStatement.call(this, connection);
  }
}

export interface Folding {
  /** The connection's `query`, with BEGIN and deferred statements folded into the next one. */
  query: Query;
  /**
   * Runs `statement` with the next one sent on the connection (in the transaction that is open,
   * usually its COMMIT), in the same message: should it fail, the next one does not run and
   * reports its error instead. Dropped if the transaction rolls back, or (unless it is essential)
   * ends with nothing sent since BEGIN.
   */
  defer(statement: Deferred): void;
  /** Forgets what is held back (the client went back to the pool without sending it). */
  reset(): void;
}

/**
 * Wraps one connection's `query` so that a transaction's BEGIN, and a statement deferred to its
 * end, cost no round trip of their own. node-postgres (through drizzle) sends `begin`, waits for
 * its answer, and only then sends the first statement: two round trips where one does, and on a
 * small machine each round trip wakes both processes (PostgreSQL's and the server's) once more.
 * Here `begin` is held back and answered at once, and goes to PostgreSQL in the same message as
 * the next statement; a statement given to `defer` goes in the same message as the one after it.
 * A transaction that ends before any statement (its commit or rollback comes next) sends nothing.
 *
 * Only a statement with parameters, or a COMMIT, is sent with what is held back, and only once
 * every held-back statement is prepared on the connection: the first time each is met on a
 * connection, it is sent on its own (and prepared), as is anything held back before a statement
 * without parameters (a `lock table`, a savepoint) or one given a callback.
 */
export function foldStatements(query: Query, connection: () => ProtocolConnection): Folding {
  let held: Deferred[] = [];
  /** BEGIN is held, unsent: the server has no transaction open yet. */
  let beginHeld = false;

  const sendAlone = (statement: Deferred): Promise<unknown> =>
    query({ text: statement.text, name: statement.name }, statement.values) as Promise<unknown>;

  /**
   * Held statements being sent one at a time before a statement they could not go with. Whatever
   * is sent meanwhile (a second query the work started at once) waits for them, so that nothing
   * can overtake a BEGIN, and fails with them.
   */
  let flushing: Promise<unknown> | null = null;

  const sendHeldThen = (ahead: Deferred[], config: unknown, rest: unknown[]): unknown => {
    const [first, ...others] = ahead as [Deferred, ...Deferred[]];
    const sent = others.reduce<Promise<unknown>>(
      (previous, statement) => previous.then(() => sendAlone(statement)),
      sendAlone(first),
    );
    flushing = sent;
    const clear = () => {
      if (flushing === sent) flushing = null;
    };
    sent.then(clear, clear);
    return after(sent, config, rest);
  };

  /** Sends the query once `before` has succeeded; fails with `before` otherwise. */
  const after = (before: Promise<unknown>, config: unknown, rest: unknown[]): unknown => {
    const [values, callback] = rest;
    const done = typeof callback === 'function' ? callback : values;
    if (typeof done === 'function') {
      before.then(
        () => wrapped(config, ...rest),
        (error: unknown) => (done as (error: unknown) => void)(error),
      );
      return undefined;
    }
    return before.then(() => wrapped(config, ...rest));
  };

  const wrapped: Query = (config, ...rest) => {
    if (flushing) return after(flushing, config, rest);
    const text = textOf(config);
    const [values, callback] = rest;
    // drizzle sends BEGIN, COMMIT and ROLLBACK with an empty list of values.
    const bare =
      (values === undefined || (Array.isArray(values) && values.length === 0)) &&
      callback === undefined;
    if (text !== undefined && bare && BEGIN.test(text) && held.length === 0) {
      held = [{ name: beginName(text), text, values: [] }];
      beginHeld = true;
      return Promise.resolve(emptyResult('BEGIN'));
    }
    if (held.length === 0) return query(config, ...rest);
    const ahead = held;
    const unopened = beginHeld;
    held = [];
    beginHeld = false;
    const ending =
      text !== undefined &&
      bare &&
      (COMMIT.test(text) ? 'COMMIT' : ROLLBACK.test(text) ? 'ROLLBACK' : null);
    // Nothing reached the server since BEGIN: there is no transaction there to end, unless a
    // statement held back makes a change of its own.
    if (ending && unopened && (ending === 'ROLLBACK' || !ahead.some((s) => s.essential)))
      return Promise.resolve(emptyResult(ending));
    // What a rollback would undo need not run.
    if (ending === 'ROLLBACK') return query(config, ...rest);
    const withValues =
      typeof config === 'object' &&
      config !== null &&
      (config as { submit?: unknown }).submit === undefined &&
      Array.isArray(values) &&
      values.length > 0 &&
      callback === undefined;
    const parsed = connection().parsedStatements;
    const foldable =
      (ending === 'COMMIT' || withValues) &&
      ahead.every((statement) => parsed[statement.name] === statement.text);
    if (!foldable) return sendHeldThen(ahead, config, rest);
    const statement: pg.QueryConfig =
      ending === 'COMMIT' ? { text: 'commit', name: COMMIT_NAME } : (config as pg.QueryConfig);
    return new Promise((resolve, reject) => {
      query(
        new Folded(
          ahead,
          statement,
          ending === 'COMMIT' ? [] : (values as unknown[]),
          (error, result) => (error ? reject(error) : resolve(result)),
        ),
      );
    });
  };
  return {
    query: wrapped,
    defer: (statement) => {
      held.push(statement);
    },
    reset: () => {
      held = [];
      beginHeld = false;
    },
  };
}
