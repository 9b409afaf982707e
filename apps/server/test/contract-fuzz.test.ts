import { randomUUID } from 'node:crypto';
import { DecimalString } from '@swx/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/platform/errors';
import { casesFor, type FuzzCase } from './support/fuzz';
import { sendCases, stateChanges, stateOf } from './support/fuzz-checks';
import {
  operationsOf,
  routeKey,
  sample,
  shapeOf,
  type OpenApiDocument,
  type Operation,
} from './support/fuzz-schema';
import { staffHeaders } from './support/staff-session';
import { createTestApp, FakeClock, type TestApp } from './support/test-app';
import { isolatedDatabase } from './support/test-db';
import type { Database } from '../src/platform/db';
import { fund, setWithdrawPassword, trader } from './support/trading';
import { mulberry32 } from './support/random';

/**
 * Issue 13, contract-derived fuzzing: every route of the OpenAPI document is sent bad input made
 * from its own schema (see support/fuzz.ts for the cases) as a signed-in customer, or for a back-
 * office route as an admin (every staff role's check passes for admin, so the body is validated).
 * No reply may be a 5xx, show a stack or an internal path, or be anything but the envelope with a
 * catalogue code; and no table may gain or lose a row, no balance move, over the whole run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1313);

/** Routes that read a multipart form (their schemas are not in the OpenAPI body). */
const MULTIPART = new Set([
  'POST /swx/customer/support/image',
  'POST /swx/customer/user/identification',
  'POST /swx/customer/user/recharge',
  'POST /swx/admin/support/conversations/{id}/image',
]);

/**
 * Tables that legitimately gain rows from refused requests. `idempotency_keys`: a money-moving POST
 * that passes its schema claims its key and keeps the refusal, so that a retry gets the same answer
 * (platform/idempotency.ts); the refusal itself changes nothing else. `withdraw_guards`: a
 * customer's counter of wrong withdrawal passwords, made on the first withdrawal attempt.
 */
const BOOKKEEPING = ['idempotency_keys', 'withdraw_guards'];

/** The test's own routes that break on purpose, to show that the harness reports each breach. */
const BREACH = '/swx/customer/fuzzBreach/';

let t: TestApp;
let customer: Record<string, string>;
let admin: Record<string, string>;
let customerId = 0;

function breachRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'user' as const };
  // Crashes on a value its schema lets through (a 5xx).
  typed.post(
    `${BREACH}crash`,
    { config, schema: { body: z.object({ amount: DecimalString }) } },
    async (request) => {
      if (request.body.amount.length > 10) throw new TypeError('cannot read amount');
      throw new AppError(10100);
    },
  );
  // Handles its own validation failures and puts the error's stack in its refusal.
  typed.post(
    `${BREACH}leak`,
    {
      config,
      attachValidation: true,
      schema: { body: z.object({ note: z.string(), count: z.number().int() }) },
    },
    async (request, reply) =>
      reply.status(400).send({
        code: 10100,
        msg: String(request.validationError?.stack ?? new Error('bad note').stack),
        result: null,
      }),
  );
  // Writes (moves money) before it refuses the input.
  typed.post(
    `${BREACH}write`,
    { config, schema: { body: z.object({ amount: DecimalString, memo: z.string() }) } },
    async () => {
      await fund(t, customerId, 'USDT', '1');
      throw new AppError(10100);
    },
  );
}

let database: Database | undefined;

beforeAll(async () => {
  // A database of its own: the whole-database comparison must see only this run, and objects that
  // other files' apps left in the shared one have their files in those apps' upload directories.
  database = await isolatedDatabase('fuzz');
  t = await createTestApp({
    database,
    config: { RATE_LIMIT_MAX: '1000000' },
    clock: new FakeClock(1_800_000_000),
    extraRoutes: breachRoutes,
  });
  const user = await trader(t, '1000');
  customerId = user.user.id;
  customer = user.auth;
  // The withdrawal password the generator sends, so that odd amounts reach the amount rules.
  const withdrawal = operationsOf(t.app.swagger() as OpenApiDocument).find(
    (op) => op.path === '/swx/customer/user/withdrawal',
  );
  await setWithdrawPassword(
    t,
    customerId,
    String(sample(shapeOf(withdrawal?.body)?.properties?.password)),
  );
  admin = (await staffHeaders(t.database, ['admin'])).headers;
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

function headersOf(c: FuzzCase): Record<string, string> {
  const who = c.url.startsWith('/swx/admin/') ? admin : customer;
  return { ...who, 'idempotency-key': `fuzz-${randomUUID()}`, 'x-account-mode': 'real' };
}

function casesOf(ops: readonly Operation[], seed: number): FuzzCase[] {
  const random = mulberry32(seed);
  const bodyLimit = t.config.BODY_LIMIT_BYTES;
  return ops.flatMap((op) =>
    casesFor(
      op,
      random,
      // Back-office routes create and edit products: an odd but well-formed value there may be
      // a legitimate setting, so it is only sent with a second fault.
      { bodyLimit, oddAlone: op.path.startsWith('/swx/customer/') },
      MULTIPART.has(routeKey(op)),
    ),
  );
}

const summary = (f: { route: string; label: string; problem: string; body: string }) =>
  `${f.route} [${f.label}]: ${f.problem} ${f.body.slice(0, 160)}`;

describe('contract-derived fuzzing', () => {
  it('refuses bad input on every route of the OpenAPI document without a 5xx, a leak or a change', async () => {
    const ops = operationsOf(t.app.swagger() as OpenApiDocument).filter(
      (op) => !op.path.startsWith(BREACH),
    );
    expect(ops.length).toBeGreaterThan(150);
    for (const m of MULTIPART) expect(ops.map(routeKey)).toContain(m);
    const cases = casesOf(ops, SEED);
    // Every route is fuzzed.
    expect(new Set(cases.map((c) => c.route)).size).toBe(ops.length);

    const before = await stateOf(t.database);
    const findings = await sendCases(t.app, cases, headersOf);
    const after = await stateOf(t.database);
    findings.push(...stateChanges(before, after, BOOKKEEPING));

    console.info(`fuzz seed ${SEED}: ${ops.length} routes, ${cases.length} cases`);
    expect(findings.map(summary)).toEqual([]);
    // 3,600 requests: about 20 s alone, longer beside the rest of the suite on a small machine.
  }, 240_000);

  it('reports a route that crashes, leaks its stack or writes on bad input', async () => {
    const ops = operationsOf(t.app.swagger() as OpenApiDocument).filter((op) =>
      op.path.startsWith(BREACH),
    );
    expect(ops.map((o) => o.path).sort()).toEqual(
      ['crash', 'leak', 'write'].map((n) => `${BREACH}${n}`),
    );
    const before = await stateOf(t.database);
    const findings = await sendCases(t.app, casesOf(ops, SEED), headersOf);
    findings.push(...stateChanges(before, await stateOf(t.database), BOOKKEEPING));

    const of = (path: string) => findings.filter((f) => f.route === `POST ${BREACH}${path}`);
    expect(of('crash').map((f) => f.problem)).toContain('status 500');
    expect(of('leak').map((f) => f.problem)).toContain('the reply shows a stack frame');
    const state = findings.filter((f) => f.label === 'state').map((f) => f.problem);
    expect(state.some((p) => p.startsWith('table ledger_postings'))).toBe(true);
    expect(state.some((p) => p.startsWith('balance '))).toBe(true);
  });
});
