/**
 * The OpenAPI side of the contract-derived fuzzing (./fuzz.ts): the routes of the document, the
 * part of JSON Schema the generator reads, and a valid sample of any schema.
 */
/** The part of JSON Schema (as @fastify/swagger writes it, OpenAPI 3.0) the generator reads. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  nullable?: boolean;
  default?: unknown;
  items?: Schema;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface Operation {
  method: 'GET' | 'POST';
  /** The OpenAPI path, `{id}` style. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; undefined when the route declares none. */
  body: Schema | undefined;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const parameters = op.parameters ?? [];
      ops.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

export const routeKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

const DECIMAL_SOURCE = '(\\.\\d+)?';
export const isDecimal = (s: Schema) =>
  typeof s.pattern === 'string' && s.pattern.includes(DECIMAL_SOURCE);
/** Free text: a string the schema does not narrow (no enum, pattern or format). */
export const isFreeText = (s: Schema) =>
  typeOf(s) === 'string' && !s.enum && s.const === undefined && !s.pattern && !s.format;

export function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.enum) return typeof s.enum[0];
  if (s.const !== undefined) return typeof s.const;
  return undefined;
}

/** The object shape of a body: unions take their first branch, allOf merges. */
export function shapeOf(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  if (s.anyOf?.[0]) return shapeOf(s.anyOf[0]);
  if (s.oneOf?.[0]) return shapeOf(s.oneOf[0]);
  if (s.allOf) {
    const parts = s.allOf.map(shapeOf).filter((p): p is Schema => p !== undefined);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  return s;
}

const PATTERN_SAMPLES = [
  'BTCUSDT',
  'USDT',
  '1',
  'abc',
  'TRC20',
  '0x' + 'a'.repeat(40),
  '2026-01-01',
  'en',
  'fuzz_1',
];

/** A plausible valid value (it need not be valid: each case breaks it on purpose). */
export function sample(s: Schema | undefined): unknown {
  if (!s) return 'x';
  const shape = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (shape) return sample(shape);
  if (s.allOf) return sample(shapeOf(s));
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'string': {
      if (isDecimal(s)) return '1';
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        return PATTERN_SAMPLES.find((c) => re.test(c)) ?? 'x';
      }
      return 'f'.repeat(Math.max(s.minLength ?? 0, 4));
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 1;
      return Math.max(min + (s.exclusiveMinimum === true ? 1 : 0), 1);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sample(s.items));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v);
      return out;
    }
    default:
      return 'x';
  }
}
