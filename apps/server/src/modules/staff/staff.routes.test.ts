import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { staffHeaders } from '../../../test/support/staff-session';

let t: TestApp;
let admin: { staffId: number; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffHeaders(t.database, ['admin']);
});
afterAll(() => t.close());

// Sign-in is throttled per address: each test signs in from an address of its own.
let address = '10.0.0.1';
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload ?? {}, headers, remoteAddress: address });

beforeEach(() => {
  address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
});

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** An admin creates a member; returns its username and one-time password. */
async function newMember(roles: string[]) {
  const username = `st_${randomUUID().slice(0, 8)}`;
  const res = await post('/swx/admin/staff', { username, roles }, admin.headers);
  expect(res.statusCode).toBe(200);
  const { member, oneTimePassword } = res.json().result;
  return { id: member.id as number, username, password: oneTimePassword as string };
}

/** Password, enrolment by the first code, and the session token. */
async function enrol(username: string, password: string) {
  const step = (await post('/swx/admin/auth/login', { username, password })).json().result;
  expect(step.step).toBe('enroll');
  expect(step.qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect(step.otpauthUrl).toContain(`secret=${step.secret}`);
  const done = await post('/swx/admin/auth/totp', {
    challenge: step.challenge,
    code: codeAt(step.secret),
  });
  expect(done.statusCode).toBe(200);
  return {
    token: done.json().result.token as string,
    secret: step.secret as string,
    me: done.json().result.staff,
  };
}

describe('staff sign-in', () => {
  it('refuses a wrong password and an unknown username alike', async () => {
    const m = await newMember(['support']);
    const wrong = await post('/swx/admin/auth/login', {
      username: m.username,
      password: 'not-the-password',
    });
    const unknown = await post('/swx/admin/auth/login', {
      username: 'nobody-here',
      password: 'whatever',
    });
    expect(wrong.json().code).toBe(10115);
    expect(unknown.json().code).toBe(10115);
    expect(wrong.json().msg).toBe(unknown.json().msg);
  });

  it('enrols an authenticator on first sign-in, then must change the one-time password', async () => {
    const m = await newMember(['support']);
    const { token, me } = await enrol(m.username, m.password);
    expect(me).toMatchObject({
      username: m.username,
      roles: ['support'],
      mustChangePassword: true,
    });
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/swx/admin/auth/me', headers: auth })).statusCode).toBe(200);
    const blocked = await t.app.inject({ url: '/swx/admin/contents', headers: auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe(10114);

    const weak = await post(
      '/swx/admin/auth/password',
      { currentPassword: m.password, newPassword: 'aaaaaaaaaaaa' },
      auth,
    );
    expect(weak.json().code).toBe(10100);
    const changed = await post(
      '/swx/admin/auth/password',
      { currentPassword: m.password, newPassword: 'correct horse battery staple' },
      auth,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code: 20005, result: { mustChangePassword: false } });
    expect((await t.app.inject({ url: '/swx/admin/contents', headers: auth })).statusCode).toBe(
      200,
    );
  });

  it('asks enrolled staff for a code, never accepts the same code twice, and counts wrong codes', async () => {
    const m = await newMember(['support']);
    const { secret } = await enrol(m.username, m.password);
    const start = async () =>
      (await post('/swx/admin/auth/login', { username: m.username, password: m.password })).json()
        .result;

    const second = await start();
    expect(second).toEqual({ step: 'totp', challenge: expect.any(String) });
    const replay = await post('/swx/admin/auth/totp', {
      challenge: second.challenge,
      code: codeAt(secret),
    });
    expect(replay.json().code).toBe(10116);
    const next = await post('/swx/admin/auth/totp', {
      challenge: second.challenge,
      code: codeAt(secret, 1),
    });
    expect(next.statusCode).toBe(200);
    expect(
      (
        await post('/swx/admin/auth/totp', { challenge: second.challenge, code: codeAt(secret, 1) })
      ).json().code,
    ).toBe(10116);

    const third = await start();
    address = `10.255.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`; // a fresh throttle window
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/swx/admin/auth/totp', { challenge: third.challenge, code: '000000' })).json()
          .code,
      ).toBe(10116);
    }
    // Five wrong tries kill the challenge, even for the right code.
    expect(
      (
        await post('/swx/admin/auth/totp', { challenge: third.challenge, code: codeAt(secret, 1) })
      ).json().code,
    ).toBe(10116);
  });

  it('throttles sign-in attempts from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await post('/swx/admin/auth/login', { username: 'nobody', password: 'guess' })).statusCode,
      );
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('ends the session at logout', async () => {
    const m = await newMember(['support']);
    const { token } = await enrol(m.username, m.password);
    const auth = { authorization: `Bearer ${token}` };
    expect((await post('/swx/admin/auth/logout', {}, auth)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/swx/admin/auth/me', headers: auth })).statusCode).toBe(401);
  });
});

describe('staff management', () => {
  it('is for admins only', async () => {
    const support = await staffHeaders(t.database, ['support']);
    expect(
      (await t.app.inject({ url: '/swx/admin/staff', headers: support.headers })).json().code,
    ).toBe(10108);
    expect(
      (
        await post('/swx/admin/staff', { username: 'x_yz', roles: ['admin'] }, support.headers)
      ).json().code,
    ).toBe(10108);
  });

  it('creates, changes roles, disables (ending sessions) and resets credentials', async () => {
    const m = await newMember(['kyc']);
    expect(
      (
        await post('/swx/admin/staff', { username: m.username, roles: ['kyc'] }, admin.headers)
      ).json().code,
    ).toBe(10117);
    const { token } = await enrol(m.username, m.password);
    const auth = { authorization: `Bearer ${token}` };

    const roles = await post(
      `/swx/admin/staff/${m.id}`,
      { roles: ['kyc', 'finance'] },
      admin.headers,
    );
    expect(roles.json().result.roles).toEqual(['kyc', 'finance']);
    const disabled = await post(`/swx/admin/staff/${m.id}`, { status: 'disabled' }, admin.headers);
    expect(disabled.json().result.status).toBe('disabled');
    expect((await t.app.inject({ url: '/swx/admin/auth/me', headers: auth })).statusCode).toBe(401);
    expect(
      (await post('/swx/admin/auth/login', { username: m.username, password: m.password })).json()
        .code,
    ).toBe(10115);

    await post(`/swx/admin/staff/${m.id}`, { status: 'active' }, admin.headers);
    const reset = (await post(`/swx/admin/staff/${m.id}/reset`, {}, admin.headers)).json().result;
    expect(reset.member).toMatchObject({ totpEnrolled: false, mustChangePassword: true });
    expect(
      (
        await post('/swx/admin/auth/login', {
          username: m.username,
          password: reset.oneTimePassword,
        })
      ).json().result.step,
    ).toBe('enroll');
  });

  it('keeps an admin from locking themselves out', async () => {
    expect(
      (
        await post(`/swx/admin/staff/${admin.staffId}`, { status: 'disabled' }, admin.headers)
      ).json().code,
    ).toBe(10008);
    expect(
      (
        await post(`/swx/admin/staff/${admin.staffId}`, { roles: ['support'] }, admin.headers)
      ).json().code,
    ).toBe(10008);
  });
});

describe('parameters editor', () => {
  it('validates by kind, saves, audits and changes what customers read at once', async () => {
    const bad = await post('/swx/admin/params/withdraw_fee_rate', { value: '2' }, admin.headers);
    expect(bad.json().code).toBe(10100);
    expect(
      (await post('/swx/admin/params/no_such_param', { value: '1' }, admin.headers)).json().code,
    ).toBe(10018);

    const before = (await t.app.inject('/swx/customer/index/getParamByKey/down_url')).json().result
      .paramValue;
    const saved = await post(
      '/swx/admin/params/down_url',
      { value: 'https://example.org/swx.apk' },
      admin.headers,
    );
    expect(saved.json()).toMatchObject({
      code: 20005,
      result: { key: 'down_url', value: 'https://example.org/swx.apk' },
    });
    let seen = '';
    for (let i = 0; i < 40 && seen !== 'https://example.org/swx.apk'; i++) {
      seen = (await t.app.inject('/swx/customer/index/getParamByKey/down_url')).json().result
        .paramValue;
    }
    expect(seen).toBe('https://example.org/swx.apk');
    await post('/swx/admin/params/down_url', { value: before }, admin.headers);

    const log = (
      await t.app.inject({
        url: '/swx/admin/audit?action=param.update&pageSize=10',
        headers: admin.headers,
      })
    ).json().result;
    expect(log.list[0]).toMatchObject({
      action: 'param.update',
      target: 'param:down_url',
      detail: { from: 'https://example.org/swx.apk', to: before },
    });
    const verify = (
      await t.app.inject({ url: '/swx/admin/audit/verify', headers: admin.headers })
    ).json().result;
    expect(verify.ok).toBe(true);
  });
});
