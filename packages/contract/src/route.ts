import type { z } from 'zod';

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
}

export function route<const R extends RouteContract>(r: R): R {
  return r;
}
