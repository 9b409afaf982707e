import type { z } from 'zod';
import type { ErrorCode } from './errors';

/**
 * One HTTP route of the contract. The server registers it with these schemas; the web apps call
 * it through their API client, which fills `:params`, serialises `query` (arrays as repeated
 * keys), and parses the reply with `reply`.
 */
export interface RouteContract {
  method: 'GET' | 'POST';
  path: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  reply: z.ZodType;
  /** Money-moving POST: the client sends an Idempotency-Key. */
  idempotent?: boolean;
  /**
   * The catalogue's code for a field that fails its schema (spec §8: an empty login is 10001
   * "enter username or email", not the generic 10100). Keys are the field's path as the reply's
   * `result.fields` spell it (`account`, `query.code`); the first failing field with a code
   * decides the reply's code, and the field list is kept.
   */
  fieldCodes?: Readonly<Record<string, ErrorCode>>;
}

export function route<const R extends RouteContract>(r: R): R {
  return r;
}

/**
 * The code of a validation failure on `r`: the code of the first failing path (in the order the
 * schema reported them) that names a coded field or lies inside one; else 10100.
 */
export function validationCodeOf(
  r: RouteContract | undefined,
  paths: readonly string[],
): ErrorCode {
  const codes = r?.fieldCodes;
  if (codes) {
    for (const path of paths) {
      for (const [field, code] of Object.entries(codes)) {
        if (path === field || path.startsWith(`${field}.`)) return code;
      }
    }
  }
  return 10100;
}
