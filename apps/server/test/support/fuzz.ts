import {
  isDecimal,
  isFreeText,
  routeKey,
  sample,
  shapeOf,
  typeOf,
  type Operation,
  type Schema,
} from './fuzz-schema';
import { multipart } from './multipart';

/**
 * Contract-derived fuzzing (issue 13): bad input generated from each route's own schema in the
 * OpenAPI document (./fuzz-schema.ts), the replies checked and the database compared before and
 * after (./fuzz-checks.ts). Every function returns findings instead of asserting, so a test can run
 * the harness on a route made to break and show that it reports it.
 */

function pick<T>(random: () => number, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    out.push(...pool.splice(Math.floor(random() * pool.length), 1));
  }
  return out;
}
/** Values of another JSON type than the schema allows. */
function wrongTypes(s: Schema): unknown[] {
  switch (typeOf(s)) {
    case 'string':
      return [12345, true, { a: 1 }, ['x'], 1.5e300];
    case 'integer':
      return ['1', 'abc', 1.5, 2 ** 64, -(2 ** 63), { a: 1 }];
    case 'number':
      return ['1', 'abc', true, [1]];
    case 'boolean':
      return ['true', 1, 0, 'yes'];
    case 'array':
      return ['x', { 0: 'a' }, 1, [[[[[]]]]]];
    case 'object':
      return ['x', [], 1, true];
    default:
      return [{ nested: { deep: [] } }, Symbol.for('none')].filter((v) => typeof v !== 'symbol');
  }
}

/** Strings a decimal pattern refuses. */
const BAD_DECIMALS = ['1e5', '0x1F', '1.', '.5', '+1', 'NaN', 'Infinity', '1,5', ' 1', '١٢', ''];
/** Strings a decimal pattern accepts that the business rules must refuse (scale, sign, size). */
const ODD_DECIMALS = [
  '0',
  '-1',
  '-0',
  '0.000000000000000000000000001',
  '1.123456789012345678901234567890',
  '9'.repeat(60),
  '9'.repeat(30) + '.99999999',
];
const CONTROL = [
  '\u0001\u0007\u001b[2J\u007f',
  '\u202eevil\u202c',
  '\ud800',
  'a\r\nSet-Cookie: x=1',
];
const NUL = 'a\u0000b';

export interface FuzzCase {
  route: string;
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? '1');
}

function validPathValues(op: Operation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of op.pathParams) out[p.name] = encodeURIComponent(String(sample(p.schema)));
  return out;
}

const BAD_PATH_VALUES = [
  'abc',
  '-1',
  '1.5',
  '99999999999999999999',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'A'.repeat(3000),
  '1%20or%201%3D1',
  '__proto__',
  'constructor',
  '%E2%80%AE',
  '%ff%fe',
];

/** Query values that break a parameter of the given schema (or probe an unbounded string). */
function badQueryValues(s: Schema | undefined): string[] {
  const common = ['%00', 'A'.repeat(5000), '%07%1b%5b2J', '%ff', '%E2%80%AE'];
  switch (s && typeOf(s)) {
    case 'integer':
    case 'number':
      return ['abc', '-1', '1.5', '1e400', '99999999999999999999', '0x10', ...common];
    case 'boolean':
      return ['maybe', '2', ...common];
    default:
      return s && isDecimal(s) ? ['1e5', 'NaN', '-0', '9'.repeat(60), ...common] : common;
  }
}

const json = (value: unknown) => JSON.stringify(value);

function without(body: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
}

/** The rows of a raw query (node-postgres and PGlite both return `{ rows }`). */
export interface CaseOptions {
  /** The largest body the server accepts (BODY_LIMIT_BYTES). */
  bodyLimit: number;
  /**
   * Whether a schema-valid but odd value (a decimal of zero, negative, too many places or digits;
   * a NUL in free text) may be sent with an otherwise valid body: the business rules must refuse
   * it. False combines it with a missing field, so only the schema sees it.
   */
  oddAlone: boolean;
}

/**
 * Every bad request for one route. Each case is invalid on its own: a missing required field,
 * a wrong type, a string outside its pattern or length, a broken body, a path or query parameter
 * outside its schema, or (where `oddAlone`) a value the business rules must refuse.
 */
export function casesFor(
  op: Operation,
  random: () => number,
  options: CaseOptions,
  multipartRoute = false,
): FuzzCase[] {
  const route = routeKey(op);
  const cases: FuzzCase[] = [];
  const url = fillPath(op.path, validPathValues(op));
  const shape = shapeOf(op.body);
  const properties = Object.entries(shape?.properties ?? {});
  const required = shape?.required ?? [];
  const base = (op.body ? sample(op.body) : {}) as Record<string, unknown>;
  const hasBody = op.method === 'POST';
  const add = (
    label: string,
    payload: string | Buffer | undefined,
    contentType = 'application/json',
    at = url,
  ) =>
    cases.push({
      route,
      label,
      method: op.method,
      url: at,
      headers: payload === undefined ? {} : { 'content-type': contentType },
      ...(payload === undefined ? {} : { payload }),
    });

  /** A second fault that keeps a probe invalid whatever the probed value does. */
  const invalidator = (except: string): Record<string, unknown> | undefined => {
    const other = required.find((r) => r !== except);
    if (other) {
      const rest = without(base, other);
      return rest;
    }
    const typed = properties.find(([k]) => k !== except);
    if (typed) return { ...base, [typed[0]]: wrongTypes(typed[1])[0] };
    return undefined;
  };
  const withProbe = (field: string, value: unknown, alone: boolean) => {
    if (alone) return { ...base, [field]: value };
    const rest = invalidator(field);
    return rest ? { ...rest, [field]: value } : undefined;
  };

  // Path parameters: each bad value alone (a POST with a body also gets an empty one).
  for (const p of op.pathParams) {
    for (const bad of pick(random, BAD_PATH_VALUES, 6)) {
      const at = fillPath(op.path, { ...validPathValues(op), [p.name]: bad });
      add(
        `path ${p.name}=${bad.slice(0, 20)}`,
        hasBody && op.body ? '{}' : undefined,
        undefined,
        at,
      );
    }
  }

  // Query parameters: each bad value alone, plus unknown, repeated and prototype keys.
  for (const p of op.query) {
    for (const bad of pick(random, badQueryValues(p.schema), 4)) {
      add(
        `query ${p.name}=${bad.slice(0, 20)}`,
        hasBody && op.body ? '{}' : undefined,
        undefined,
        `${url}?${p.name}=${bad}`,
      );
    }
    add(`query ${p.name} repeated`, undefined, undefined, `${url}?${p.name}=a&${p.name}=b`);
  }
  if (op.method === 'GET') {
    add(
      'query prototype keys',
      undefined,
      undefined,
      `${url}?__proto__[admin]=1&constructor[prototype][x]=1&zz=1`,
    );
    return cases;
  }

  // Bodies every POST refuses before its handler, whatever its schema.
  add('invalid JSON', '{"a":');
  add('invalid JSON (unquoted)', '{a:1}');
  add('__proto__ key', `{"__proto__":{"isAdmin":true},${json(base).slice(1)}`);
  add('constructor.prototype', `{"constructor":{"prototype":{"isAdmin":true}}}`);
  add('XML', '<a>1</a>', 'application/xml');
  add('form-urlencoded', 'a=1', 'application/x-www-form-urlencoded');
  add('over the body limit', json({ a: 'A'.repeat(options.bodyLimit + 1) }));

  if (multipartRoute) {
    const form = multipart([
      { name: 'zz', value: NUL },
      {
        name: 'image',
        value: Buffer.from('not an image\u0000'),
        filename: '../../x.png',
        type: 'image/png',
      },
    ]);
    add('multipart: a fake image', form.payload, form.contentType);
    add('multipart: no parts', Buffer.from('--b--\r\n'), 'multipart/form-data; boundary=b');
    add(
      'multipart: broken',
      Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nxx'),
      'multipart/form-data; boundary=b',
    );
    add('multipart: no boundary', Buffer.from('xx'), 'multipart/form-data');
    const big = multipart([{ name: 'note', value: 'A'.repeat(5000) }]);
    add('multipart: a field over its size', big.payload, big.contentType);
    add('JSON to a multipart route', '{}');
    return cases;
  }
  if (!op.body || (properties.length === 0 && !op.body.anyOf && !op.body.oneOf)) {
    // No body schema: the handler would run on any parsed body, so only refused bodies are sent.
    return cases;
  }

  add('empty JSON body', '');
  for (const top of ['[]', '1', '"x"', 'null', 'true']) add(`body ${top}`, top);
  add('text/plain', json(base), 'text/plain');
  const form = multipart([{ name: 'a', value: '1' }]);
  add('multipart to a JSON route', form.payload, form.contentType);

  for (const r of required) {
    const rest = without(base, r);
    add(`missing ${r}`, json(rest));
  }
  if (required.length > 0) add('missing everything', '{}');
  const extra = { zzExtra: 'x', constructor: 'x', toString: 1, hasOwnProperty: 'y', valueOf: [] };
  const rest = invalidator('');
  if (rest) add('extra fields', json({ ...rest, ...extra }));

  for (const [name, s] of properties) {
    for (const bad of pick(random, wrongTypes(s), 2))
      add(`wrong type ${name}=${json(bad)}`, json({ ...base, [name]: bad }));
    if (typeOf(s) === 'integer' || typeOf(s) === 'number') {
      add(
        `${name}=1e400`,
        `{${json(base).slice(1, -1)}${properties.length ? ',' : ''}"${name}":1e400}`,
      );
      if (typeof s.maximum === 'number')
        add(`${name} over max`, json({ ...base, [name]: s.maximum + 1 }));
      if (typeof s.minimum === 'number')
        add(`${name} under min`, json({ ...base, [name]: s.minimum - 1 }));
    }
    if (typeOf(s) !== 'string') continue;
    if (typeof s.maxLength === 'number') {
      add(`${name} over maxLength`, json({ ...base, [name]: 'A'.repeat(s.maxLength + 1) }));
    }
    if (typeof s.minLength === 'number' && s.minLength > 0) {
      add(`${name} under minLength`, json({ ...base, [name]: 'A'.repeat(s.minLength - 1) }));
    }
    if (isDecimal(s)) {
      for (const bad of pick(random, BAD_DECIMALS, 4))
        add(`${name}=${json(bad)}`, json({ ...base, [name]: bad }));
      for (const odd of ODD_DECIMALS) {
        const body = withProbe(name, odd, options.oddAlone);
        if (body) add(`${name}=${odd.slice(0, 20)} (odd)`, json(body));
      }
      continue;
    }
    const narrow = !isFreeText(s);
    // Huge strings, NUL and control characters: alone where the schema refuses them (patterns,
    // enums, formats) or where a NUL must be refused anyway; with a second fault in free text.
    const huge = withProbe(name, 'A'.repeat(200_000), narrow || typeof s.maxLength === 'number');
    if (huge) add(`${name} huge`, json(huge));
    const nul = withProbe(name, NUL, narrow || options.oddAlone);
    if (nul) add(`${name} with NUL`, json(nul));
    for (const c of pick(random, CONTROL, 2)) {
      const body = withProbe(name, c, narrow);
      if (body) add(`${name} control ${json(c).slice(0, 12)}`, json(body));
    }
  }
  return cases;
}
