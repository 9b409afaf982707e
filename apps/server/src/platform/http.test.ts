import { LOCALE_CODES } from '@swx/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestUser, type TestApp } from '../../test/support/test-app';
import { createSession } from './auth';
import { AppError } from './errors';
import { ok } from './reply';
import { insertStaffForTest } from '../../test/support/staff';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      app.get('/swx/test/boom', async () => {
        throw new Error('secret internal detail');
      });
      app.get('/swx/test/user', { config: { auth: 'user' } }, async (request) =>
        ok(request, { principal: request.principal?.kind ?? null, mode: request.mode }),
      );
      app.get(
        '/swx/test/real-only',
        { config: { auth: 'user', realOnly: true } },
        async (request) => ok(request, {}),
      );
      app.get(
        '/swx/test/finance',
        { config: { auth: 'staff', roles: ['finance'] } },
        async (request) => ok(request, {}),
      );
      app.post(
        '/swx/test/validate',
        { schema: { body: z.object({ amount: z.string().regex(/^\d+$/), email: z.email() }) } },
        async (request) => ok(request, request.body),
      );
      app.get('/swx/test/business', async () => {
        throw new AppError(10092);
      });
    },
  });
});
afterAll(() => t.close());

describe('health, readiness, metrics, docs', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('exposes Prometheus metrics', async () => {
    await t.app.inject('/healthz');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('websocket_connections');
  });

  it('counts every reply in the latency histogram, by method, route and status class', async () => {
    const series = 'method="GET",route="/swx/customer/index/getParamByKey/:key",status="4xx"';
    const read = async () => {
      const lines = new Map(
        (await t.app.inject('/metrics')).body
          .split('\n')
          .filter((l) => l.startsWith('http_request_duration_seconds_'))
          .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]),
      );
      const of = (name: string, le?: string) =>
        lines.get(`http_request_duration_seconds_${name}{${series}${le ? `,le="${le}"` : ''}}`) ??
        0;
      return {
        count: of('count'),
        sum: of('sum'),
        buckets: ['0.005', '0.01', '0.5', '5', '+Inf'].map((le) => of('bucket', le)),
      };
    };
    const before = await read();
    for (let i = 0; i < 3; i++) await t.app.inject('/swx/customer/index/getParamByKey/no_such_key');
    const after = await read();
    expect(after.count - before.count).toBe(3);
    expect(after.sum).toBeGreaterThan(before.sum);
    // Cumulative buckets: each at least the one below it, and all three replies under 5 s.
    const added = after.buckets.map((n, i) => n - (before.buckets[i] ?? 0));
    expect(added.slice(-2)).toEqual([3, 3]);
    expect(added).toEqual([...added].sort((x, y) => x - y));
  });

  it('serves OpenAPI built from the contract', async () => {
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/swx/customer/index/getParamByKey/{key}');
    expect((await t.app.inject('/docs')).statusCode).toBeLessThan(400);
  });

  it('sends security headers with a CSP that fits the SPA', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The customer app's service worker and manifest (apps/web/src/service-worker).
    expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it("sends the API's replies, data and never a page, with the short set for APIs", async () => {
    for (const path of [
      '/swx/customer/index/getParamByKey/down_url',
      '/swx/customer/index/getParamByKey/no_such_key',
      '/swx/customer/user/getUserInfo',
    ]) {
      const res = await t.app.inject(path);
      expect(res.headers['content-security-policy'], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], path).toBe('same-origin');
      // A page's headers (the policy above all) say nothing to a reply that is data.
      expect(res.headers['cross-origin-opener-policy'], path).toBeUndefined();
      expect(res.headers['x-request-id'], path).toBeTruthy();
    }
  });
});

describe('getParamByKey', () => {
  it('returns paramValue in the envelope', async () => {
    const res = await t.app.inject('/swx/customer/index/getParamByKey/down_url');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      msg: 'ok',
      result: { paramValue: expect.any(String) },
    });
    const fee = await t.app.inject('/swx/customer/index/getParamByKey/withdraw_fee_rate');
    expect(fee.json().result.paramValue).toBe('0.01');
  });

  it('answers 10018 for an unknown key, in the caller language', async () => {
    const en = await t.app.inject('/swx/customer/index/getParamByKey/no_such_key');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ code: 10018, result: null });
    const ja = await t.app.inject({
      url: '/swx/customer/index/getParamByKey/no_such_key',
      headers: { 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    const ar = await t.app.inject({
      url: '/swx/customer/index/getParamByKey/no_such_key',
      headers: { lang: 'ar' },
    });
    expect(ja.json().msg).not.toBe(en.json().msg);
    expect(ar.json().msg).not.toBe(en.json().msg);
    expect(ar.json().msg).not.toBe(ja.json().msg);
  });

  it('gives a different message in each of the 11 languages', async () => {
    const messages = new Set<string>();
    for (const lang of LOCALE_CODES) {
      const res = await t.app.inject({
        url: '/swx/customer/index/getParamByKey/missing_key',
        headers: { lang },
      });
      messages.add(res.json().msg);
    }
    expect(messages.size).toBe(LOCALE_CODES.length);
  });
});

describe('errors', () => {
  it('gives a JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject('/swx/customer/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 10109, result: null });
  });

  it('gives 500 with a request id and no stack trace for an unknown error', async () => {
    const res = await t.app.inject({
      url: '/swx/test/boom',
      headers: { 'x-request-id': 'req-test-12345' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(10102);
    expect(body.msg).toContain('req-test-12345');
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('gives 400 with field errors and a translated message for invalid input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/test/validate',
      payload: { amount: '1.5x', email: 'nope' },
      headers: { lang: 'de' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(10100);
    expect(body.msg).not.toMatch(/Some fields/);
    expect(body.result.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'amount',
      'email',
    ]);
  });

  it('gives 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/test/validate',
      payload: '{"amount":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10100);
  });

  it('maps business errors to their status class', async () => {
    const res = await t.app.inject('/swx/test/business');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 10092 });
  });
});

describe('auth guards and account mode', () => {
  it('refuses a user route without a token, with code 401', async () => {
    const res = await t.app.inject('/swx/test/user');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
  });

  it('refuses a forged or revoked token', async () => {
    const res = await t.app.inject({
      url: '/swx/test/user',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('accepts a user session and parses X-Account-Mode', async () => {
    const user = await createTestUser(t.database, t.config);
    const auth = { authorization: `Bearer ${user.token}` };
    expect((await t.app.inject({ url: '/swx/test/user', headers: auth })).json().result).toEqual({
      principal: 'user',
      mode: 'real',
    });
    expect(
      (
        await t.app.inject({
          url: '/swx/test/user',
          headers: { ...auth, 'x-account-mode': 'demo' },
        })
      ).json().result.mode,
    ).toBe('demo');
    const bad = await t.app.inject({
      url: '/swx/test/user',
      headers: { ...auth, 'x-account-mode': 'paper' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(10100);
  });

  it('refuses demo mode on real-only routes', async () => {
    const user = await createTestUser(t.database, t.config);
    const headers = { authorization: `Bearer ${user.token}`, 'x-account-mode': 'demo' };
    const res = await t.app.inject({ url: '/swx/test/real-only', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(10107);
    expect(
      (
        await t.app.inject({
          url: '/swx/test/real-only',
          headers: { authorization: headers.authorization },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps user and staff principals apart and checks staff roles', async () => {
    const user = await createTestUser(t.database, t.config);
    expect(
      (
        await t.app.inject({
          url: '/swx/test/finance',
          headers: { authorization: `Bearer ${user.token}` },
        })
      ).statusCode,
    ).toBe(401);
    const policy = { idleMinutes: 30, absoluteHours: 12 };
    const support = await insertStaffForTest(t.database, ['support']);
    const finance = await insertStaffForTest(t.database, ['finance']);
    const admin = await insertStaffForTest(t.database, ['admin']);
    const tokenOf = async (id: number) =>
      (await createSession(t.database.db, { principal: 'staff', principalId: id, policy })).token;
    const call = async (id: number) =>
      t.app.inject({
        url: '/swx/test/finance',
        headers: { authorization: `Bearer ${await tokenOf(id)}` },
      });
    const refused = await call(support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(10108);
    expect((await call(finance)).statusCode).toBe(200);
    expect((await call(admin)).statusCode).toBe(200);
    // A staff token is not a user token.
    const staffOnUserRoute = await t.app.inject({
      url: '/swx/test/user',
      headers: { authorization: `Bearer ${await tokenOf(admin)}` },
    });
    expect(staffOnUserRoute.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with code 10103 past the limit', async () => {
    const limited = await createTestApp({
      config: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' },
    });
    try {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          url: '/swx/customer/index/getParamByKey/down_url',
          remoteAddress: ip,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.app.inject({
        url: '/swx/customer/index/getParamByKey/down_url',
        remoteAddress: ip,
        headers: { lang: 'ko' },
      });
      expect(res.json().code).toBe(10103);
      expect(res.json().msg).toMatch(/[\uAC00-\uD7AF]/);
    } finally {
      await limited.close();
    }
  });
});
