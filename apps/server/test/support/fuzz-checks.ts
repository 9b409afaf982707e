import { isErrorCode } from '@swx/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/platform/db';
import type { FuzzCase } from './fuzz';

/**
 * What the contract-derived fuzzing (./fuzz.ts) checks: each reply (no 5xx, no stack trace, the
 * envelope with a catalogue code) and the database before and after (row counts and balances).
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
export interface Finding {
  route: string;
  label: string;
  problem: string;
  status: number;
  body: string;
}

const LEAKS: [RegExp, string][] = [
  [/\n\s+at \S/, 'a stack frame'],
  [/\bat [\w.<>$]+ \(/, 'a stack frame'],
  [/\/src\//, 'an internal path (/src/)'],
  [/node_modules/, 'an internal path (node_modules)'],
  [/\.(ts|js|mjs):\d+/, 'a source location'],
  [/\/work\/|\/home\/|\/tmp\//, 'a file system path'],
];

/** What is wrong with one reply, if anything. */
export function checkReply(
  c: Pick<FuzzCase, 'route' | 'label'>,
  status: number,
  contentType: string | undefined,
  body: string,
): Finding[] {
  const findings: Finding[] = [];
  const found = (problem: string) =>
    findings.push({ route: c.route, label: c.label, problem, status, body: body.slice(0, 300) });
  if (status >= 500) found(`status ${status}`);
  for (const [re, what] of LEAKS) if (re.test(body)) found(`the reply shows ${what}`);
  const isJson = /json/.test(contentType ?? '');
  if (!isJson) {
    // A file (image, PDF, CSV) is a success reply; a refusal is always the envelope.
    if (status >= 300) found(`a ${status} reply that is not the JSON envelope (${contentType})`);
    return findings;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    found('a JSON reply that does not parse');
    return findings;
  }
  const envelope = parsed as { code?: unknown; msg?: unknown };
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    typeof envelope.code !== 'number' ||
    typeof envelope.msg !== 'string' ||
    !('result' in parsed)
  ) {
    found('not the { code, msg, result } envelope');
  } else if (envelope.code === 200 ? status >= 300 : !isErrorCode(envelope.code)) {
    found(`code ${String(envelope.code)} is not in the catalogue`);
  }
  return findings;
}

/** Sends the cases and returns what is wrong with the replies. */
export async function sendCases(
  app: FastifyInstance,
  cases: readonly FuzzCase[],
  headersOf: (c: FuzzCase) => Record<string, string>,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const c of cases) {
    const res = await app.inject({
      method: c.method,
      url: c.url,
      headers: { ...headersOf(c), ...c.headers },
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    findings.push(
      ...checkReply(c, res.statusCode, res.headers['content-type']?.toString(), res.body),
    );
  }
  return findings;
}

export interface StateSnapshot {
  rows: Record<string, number>;
  balances: string[];
}

/** Row counts of every table and every ledger balance. */
export async function stateOf(database: Database): Promise<StateSnapshot> {
  const tables = await database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const counted = await database.db.execute(
      sql`select count(*)::text as n from ${sql.identifier(name)}`,
    );
    rows[name] = Number(rowsOf<{ n: string }>(counted)[0]?.n ?? -1);
  }
  const balances = await database.db.execute(
    sql`select concat_ws(' ', id, owner_type, coalesce(user_id::text, system_name), mode, asset, bucket, balance) as line
        from ledger_accounts order by id`,
  );
  return { rows, balances: rowsOf<{ line: string }>(balances).map((r) => r.line) };
}

/** What changed between two snapshots, as findings (tables in `ignore` are not compared). */
export function stateChanges(
  before: StateSnapshot,
  after: StateSnapshot,
  ignore: readonly string[] = [],
): Finding[] {
  const findings: Finding[] = [];
  for (const table of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])) {
    if (ignore.includes(table)) continue;
    if (before.rows[table] !== after.rows[table]) {
      findings.push({
        route: '*',
        label: 'state',
        problem: `table ${table}: ${before.rows[table]} rows before, ${after.rows[table]} after`,
        status: 0,
        body: '',
      });
    }
  }
  const was = new Set(before.balances);
  for (const line of after.balances) {
    if (!was.has(line)) {
      findings.push({
        route: '*',
        label: 'state',
        problem: `balance ${line}`,
        status: 0,
        body: '',
      });
    }
  }
  return findings;
}
