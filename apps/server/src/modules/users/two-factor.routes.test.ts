import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshIp,
  outboxCode,
  registerByEmail,
  STRONG_PASSWORD,
} from '../../../test/support/accounts';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { fund, orderHeaders, setWithdrawPassword } from '../../../test/support/trading';
import { selectUserBalances } from '../ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_MAX: '1000000' } });
}, 60_000);
afterAll(() => t.close());

type Auth = { authorization: string };
type Reply<T = Record<string, unknown>> = { code: number; result: T };
type User = Awaited<ReturnType<typeof registerByEmail>>;

const U = '/swx/customer/user';
const L = '/swx/customer/login';

async function post<T = Record<string, unknown>>(url: string, payload: object, headers = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers,
    remoteAddress: freshIp(),
  });
  return res.json<Reply<T>>();
}

/**
 * The code an authenticator app shows `steps` periods after `base`. A test uses the step of its
 * start and the next one: if a 30-second boundary passes meanwhile, both stay inside the server's
 * window of one step either side, so the test cannot flake on the clock.
 */
function code(secret: string, base: number, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: base + steps * 30_000,
  });
}

/** A customer with two-factor on: the secret, the recovery codes and the enrolment's time. */
async function enrolled(user?: User) {
  const customer = user ?? (await registerByEmail(t));
  const setup = await post<{ secret: string; otpauthUrl: string; qrSvg: string }>(
    `${U}/twoFactor/setup`,
    {},
    customer.auth,
  );
  expect(setup.code).toBe(200);
  const base = Date.now();
  const enabled = await post<{ recoveryCodes: string[] }>(
    `${U}/twoFactor/enable`,
    { code: code(setup.result.secret, base) },
    customer.auth,
  );
  expect(enabled.code).toBe(200);
  return { customer, secret: setup.result.secret, recovery: enabled.result.recoveryCodes, base };
}

const login = (user: User) =>
  post<{ token?: string; twoFactor?: { challenge: string } }>(`${L}/login`, {
    account: user.email,
    password: STRONG_PASSWORD,
  });

const second = (challenge: string, value: string) =>
  post<{ token: string; created: boolean }>(`${L}/twoFactor`, { challenge, code: value });

async function status(auth: Auth) {
  const res = await t.app.inject({ method: 'GET', url: `${U}/twoFactor`, headers: auth });
  return res.json<Reply<{ enabled: boolean; recoveryCodesLeft: number }>>().result;
}

describe('two-factor authentication: enrolment', () => {
  it('scans a secret, turns on with the first good code, and answers 10 recovery codes once', async () => {
    const user = await registerByEmail(t);
    expect(await status(user.auth)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await post(`${U}/twoFactor/enable`, { code: '123456' }, user.auth)).code).toBe(10155);
    const first = await post<{ secret: string; otpauthUrl: string; qrSvg: string }>(
      `${U}/twoFactor/setup`,
      {},
      user.auth,
    );
    expect(first.result.otpauthUrl).toContain(`secret=${first.result.secret}`);
    expect(first.result.otpauthUrl).toContain('issuer=SWX');
    expect(first.result.qrSvg).toMatch(/^<svg/);
    // A second setup replaces the pending secret: the first one's codes no longer turn it on.
    const { customer, secret, recovery } = await enrolled(user);
    expect(secret).not.toBe(first.result.secret);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const r of recovery) expect(r).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await status(customer.auth)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await post(`${U}/twoFactor/setup`, {}, customer.auth)).code).toBe(10154);
    const info = await post<{ twoFactor: boolean }>(`${U}/getUserInfo`, {}, customer.auth);
    expect(info.result.twoFactor).toBe(true);
  });

  it('refuses a wrong code and stays off', async () => {
    const user = await registerByEmail(t);
    await post(`${U}/twoFactor/setup`, {}, user.auth);
    for (const wrong of ['000000', 'abc', '']) {
      expect((await post(`${U}/twoFactor/enable`, { code: wrong }, user.auth)).code).toBe(10116);
    }
    expect(await status(user.auth)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});

describe('two-factor authentication: sign-in', () => {
  it('asks a code after the password; a replayed code is refused; the right one opens a session', async () => {
    const { customer, secret, base } = await enrolled();
    const step = await login(customer);
    expect(step.code).toBe(200);
    expect(step.result.token).toBeUndefined();
    const challenge = step.result.twoFactor!.challenge;
    // The enrolment's code was accepted once: never again.
    expect((await second(challenge, code(secret, base))).code).toBe(10116);
    expect((await second(challenge, '')).code).toBe(10153);
    const done = await second(challenge, code(secret, base, 1));
    expect(done.code).toBe(200);
    expect(done.result.created).toBe(false);
    const me = await post(`${U}/getUserInfo`, {}, { authorization: `Bearer ${done.result.token}` });
    expect(me.code).toBe(200);
    // The challenge is used once.
    expect((await second(challenge, customer.password)).code).toBe(10156);
    expect((await second('not-a-challenge', '123456')).code).toBe(10156);
  });

  it('a recovery code signs in once; five wrong codes end the challenge', async () => {
    const { customer, recovery } = await enrolled();
    const first = (await login(customer)).result.twoFactor!.challenge;
    // Recovery codes are read without case, spaces or hyphens.
    const typed = recovery[0]!.toLowerCase().replace('-', ' ');
    expect((await second(first, typed)).code).toBe(200);
    const again = (await login(customer)).result.twoFactor!.challenge;
    expect((await second(again, recovery[0]!)).code).toBe(10116);
    expect(await status(customer.auth)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    for (let i = 0; i < 4; i++) expect((await second(again, '999999')).code).toBe(10116);
    // The fifth wrong code was the last: even a right recovery code cannot use it now.
    expect((await second(again, recovery[1]!)).code).toBe(10156);
    expect(await status(customer.auth)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('two requests with one code: exactly one session opens', async () => {
    const { customer, secret, base } = await enrolled();
    const a = (await login(customer)).result.twoFactor!.challenge;
    const b = (await login(customer)).result.twoFactor!.challenge;
    const value = code(secret, base, 1);
    const replies = await Promise.all([second(a, value), second(b, value)]);
    expect(replies.map((r) => r.code).sort((x, y) => x - y)).toEqual([200, 10116]);
  });
});

describe('two-factor authentication: money and the withdrawal password', () => {
  it('a withdrawal without the code, or with a wrong one, is refused and moves nothing', async () => {
    const { customer, secret, base, recovery } = await enrolled();
    await setWithdrawPassword(t, customer.user.id, '246810');
    await fund(t, customer.user.id, 'USDT', '500');
    const body = {
      method: 'bank',
      bankType: 'SWIFT',
      accountNumber: 'DE89370400440532013000',
      holderName: 'Test Trader',
      amount: '100',
      password: '246810',
    };
    const withdraw = async (extra: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${U}/withdrawal`,
        headers: orderHeaders(customer.auth),
        payload: { ...body, ...extra },
      });
      return res.json<Reply>().code;
    };
    expect(await withdraw({})).toBe(10153);
    expect(await withdraw({ twoFactorCode: code(secret, base) })).toBe(10116);
    expect(await withdraw({ twoFactorCode: 'AAAAA-AAAAA' })).toBe(10116);
    const balances = async () =>
      (await selectUserBalances(t.database.db, customer.user.id, 'real')).map((b) => [
        b.bucket,
        b.balance,
      ]);
    expect(await balances()).toEqual([['available', expect.stringMatching(/^500(\.0+)?$/)]]);
    expect(await withdraw({ twoFactorCode: code(secret, base, 1) })).toBe(20003);
    expect(await withdraw({ twoFactorCode: recovery[0] })).toBe(20003);
  });

  it('changing the withdrawal password needs the code as well', async () => {
    const { customer, recovery } = await enrolled();
    await post(`${L}/sendCode`, { purpose: 'withdrawPassword', channel: 'email' }, customer.auth);
    const mailed = await outboxCode(t, customer.email);
    const change = {
      channel: 'email',
      code: mailed,
      password: '135791',
      confirmPassword: '135791',
    };
    expect((await post(`${U}/repasswordTx`, change, customer.auth)).code).toBe(10153);
    expect(
      (await post(`${U}/repasswordTx`, { ...change, twoFactorCode: recovery[0] }, customer.auth))
        .code,
    ).toBe(20005);
  });
});

describe('two-factor authentication: off again', () => {
  it('needs a code to turn off and to renew recovery codes; then sign-in needs none', async () => {
    const { customer, recovery } = await enrolled();
    expect((await post(`${U}/twoFactor/disable`, { code: '' }, customer.auth)).code).toBe(10153);
    const renewed = await post<{ recoveryCodes: string[] }>(
      `${U}/twoFactor/recoveryCodes`,
      { code: recovery[0] },
      customer.auth,
    );
    expect(renewed.code).toBe(200);
    // The old codes stopped working.
    expect((await post(`${U}/twoFactor/disable`, { code: recovery[1] }, customer.auth)).code).toBe(
      10116,
    );
    const off = await post(
      `${U}/twoFactor/disable`,
      { code: renewed.result.recoveryCodes[0] },
      customer.auth,
    );
    expect(off.result).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login(customer)).result.token).toEqual(expect.any(String));
    expect((await post(`${U}/twoFactor/disable`, { code: '123456' }, customer.auth)).code).toBe(
      10155,
    );
  });

  it('every two-factor route of the account refuses a caller without a session', async () => {
    for (const path of ['setup', 'enable', 'disable', 'recoveryCodes']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${U}/twoFactor/${path}`,
        payload: { code: '123456' },
      });
      expect(res.statusCode, path).toBe(401);
    }
    const get = await t.app.inject({ method: 'GET', url: `${U}/twoFactor` });
    expect(get.statusCode).toBe(401);
  });
});
