import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshIp,
  outboxCode,
  registerByEmail,
  STRONG_PASSWORD,
} from '../../../test/support/accounts';
import { staffHeaders } from '../../../test/support/staff-session';
import { connectSocket } from '../../../test/support/ws-client';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { loginAttempts } from './users.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (
  url: string,
  payload: object = {},
  headers: Record<string, string> = {},
  ip = freshIp(),
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150', ...headers },
    remoteAddress: ip,
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: freshIp() });

const L = '/swx/customer/login';
const U = '/swx/customer/user';

describe('registration by email and phone', () => {
  it('registers by email with the code from the outbox, logs in, and gets the demo grant', async () => {
    const alice = await registerByEmail(t);
    expect(alice.user).toMatchObject({ email: alice.email, kycStatus: 'none', demoEnabled: true });
    expect(alice.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);

    const demo = await get(`${U}/accountSummary`, { ...alice.auth, 'x-account-mode': 'demo' });
    expect(demo.json().result.balances).toEqual([
      { asset: 'USDT', available: '100000', frozen: '0' },
    ]);
    const real = await get(`${U}/accountSummary`, alice.auth);
    expect(real.json().result.balances).toEqual([]);

    // login by username, by email, case-insensitively
    for (const account of [alice.username.toUpperCase(), alice.email]) {
      const res = await post(`${L}/login`, { account, password: alice.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.token).not.toBe(alice.token);
    }
  });

  it('registers by phone (area code + number) and logs in with the phone', async () => {
    const number = `13${Math.floor(Math.random() * 1e9)
      .toString()
      .padStart(9, '0')}`;
    const ip = freshIp();
    const sent = await post(
      `${L}/sendCode`,
      { purpose: 'register', channel: 'phone', areaCode: '+86', phone: number },
      {},
      ip,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result).toEqual({ resendAfter: 60, expiresIn: 600 });
    const code = await outboxCode(t, `+86${number}`);
    const username = `p${randomUUID().slice(0, 8)}`;
    const res = await post(
      `${L}/register`,
      {
        channel: 'phone',
        areaCode: '86',
        phone: number,
        username,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        code,
      },
      {},
      ip,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user).toMatchObject({ areaCode: '86', phone: `+86${number}` });
    const login = await post(`${L}/login`, {
      account: number,
      areaCode: '86',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses taken names and addresses, mismatched confirmation and common passwords', async () => {
    const alice = await registerByEmail(t);
    const taken = await post(`${L}/sendCode`, {
      purpose: 'register',
      channel: 'email',
      email: alice.email,
    });
    expect(taken.json().code).toBe(10007);

    const email = `new.${randomUUID().slice(0, 8)}@example.test`;
    await post(`${L}/sendCode`, { purpose: 'register', channel: 'email', email });
    const code = await outboxCode(t, email);
    const base = { channel: 'email', email, code, username: `n${randomUUID().slice(0, 8)}` };
    const cases: [object, number, string?][] = [
      [
        {
          ...base,
          username: alice.username,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
        },
        10006,
      ],
      [
        { ...base, password: STRONG_PASSWORD, confirmPassword: 'Other-Password-1' },
        10100,
        'confirmPassword',
      ],
      [{ ...base, password: 'password123', confirmPassword: 'password123' }, 10118],
      [{ ...base, password: 'short', confirmPassword: 'short' }, 10100, 'password'],
      [
        {
          ...base,
          email: 'not-an-email',
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
        },
        10002,
        'email',
      ],
      [
        {
          ...base,
          inviteCode: 'ZZZZZZZZ',
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
        },
        10100,
        'inviteCode',
      ],
    ];
    for (const [payload, code, field] of cases) {
      const res = await post(`${L}/register`, payload);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
      if (field) {
        expect(
          (res.json().result.fields as { path: string }[]).some((f) => f.path.includes(field)),
        ).toBe(true);
      }
    }
    // none of those consumed the code: it still registers
    const ok = await post(`${L}/register`, {
      ...base,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers availability as the form types', async () => {
    const alice = await registerByEmail(t);
    const taken = await get(
      `${L}/checkUserNameOrPhone?kind=username&value=${alice.username.toUpperCase()}`,
    );
    expect(taken.json().result).toEqual({ available: false });
    const free = await get(`${L}/checkUserNameOrPhone?kind=email&value=free.${Date.now()}@x.test`);
    expect(free.json().result).toEqual({ available: true });
  });
});

describe('verification codes', () => {
  it('sends once per 60 seconds per address (10089)', async () => {
    const email = `c.${randomUUID().slice(0, 8)}@example.test`;
    const first = await post(`${L}/sendCode`, { purpose: 'register', channel: 'email', email });
    expect(first.statusCode).toBe(200);
    const again = await post(`${L}/sendCode`, { purpose: 'register', channel: 'email', email });
    expect(again.json().code).toBe(10089);
    expect(again.statusCode).toBe(429);
    // Another purpose is another form's button: a new customer may reset at once.
    const alice = await registerByEmail(t);
    const reset = await post(`${L}/sendCode`, {
      purpose: 'reset',
      channel: 'email',
      email: alice.email,
    });
    expect(reset.statusCode).toBe(200);
    const resetAgain = await post(`${L}/sendCode`, {
      purpose: 'reset',
      channel: 'email',
      email: alice.email,
    });
    expect(resetAgain.json().code).toBe(10089);
  });

  it('refuses without a code sent (10090), a wrong code (10091), and kills the code after 5 wrong tries', async () => {
    const email = `k.${randomUUID().slice(0, 8)}@example.test`;
    const body = (code: string) => ({
      channel: 'email',
      email,
      username: `k${randomUUID().slice(0, 8)}`,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      code,
    });
    expect((await post(`${L}/register`, body('123456'))).json().code).toBe(10090);
    await post(`${L}/sendCode`, { purpose: 'register', channel: 'email', email });
    const code = await outboxCode(t, email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await post(`${L}/register`, body(wrong))).json().code).toBe(10091);
    }
    // the right code no longer works: the code is dead, a new one must be sent
    expect((await post(`${L}/register`, body(code))).json().code).toBe(10090);
  });

  it('uses a code once even under concurrent submissions', async () => {
    const email = `o.${randomUUID().slice(0, 8)}@example.test`;
    await post(`${L}/sendCode`, { purpose: 'register', channel: 'email', email });
    const code = await outboxCode(t, email);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(`${L}/register`, {
          channel: 'email',
          email,
          username: `c${i}${randomUUID().slice(0, 6)}`,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
          code,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});

describe('login', () => {
  it('answers 10004 for a wrong password and for an unknown account alike', async () => {
    const alice = await registerByEmail(t);
    expect(
      (await post(`${L}/login`, { account: alice.username, password: 'Wrong-Pass-99' })).json()
        .code,
    ).toBe(10004);
    expect(
      (await post(`${L}/login`, { account: 'nobody_here', password: 'Wrong-Pass-99' })).json().code,
    ).toBe(10004);
  });

  it('throttles an account after 100 failed logins in an hour, even with the right password (10119)', async () => {
    const alice = await registerByEmail(t);
    await t.database.db.insert(loginAttempts).values(
      Array.from({ length: 100 }, () => ({
        userId: alice.user.id,
        ip: '192.0.2.1',
        success: false,
      })),
    );
    const res = await post(`${L}/login`, { account: alice.username, password: alice.password });
    expect(res.json().code).toBe(10119);
    expect(res.statusCode).toBe(429);
    // An hour later the account opens again.
    await t.database.db.execute(
      sql`update login_attempts set created_at = now() - interval '61 minutes' where user_id = ${alice.user.id}`,
    );
    expect(
      (await post(`${L}/login`, { account: alice.username, password: alice.password })).statusCode,
    ).toBe(200);
  });

  it('throttles one address trying many logins (10103)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      codes.push(
        (await post(`${L}/login`, { account: 'someone', password: 'Wrong-Pass-99' }, {}, ip)).json()
          .code,
      );
    }
    expect(codes.slice(0, 20).every((c) => c === 10004)).toBe(true);
    expect(codes.at(-1)).toBe(10103);
  });

  it('refuses a disabled user at login (10005) and ends their sessions', async () => {
    const alice = await registerByEmail(t);
    const support = await staffHeaders(t.database, ['support']);
    const res = await post(
      `/swx/admin/users/${alice.user.id}`,
      { status: 'disabled' },
      support.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'disabled', activeSessions: 0 });
    expect((await post(`${U}/getUserInfo`, {}, alice.auth)).statusCode).toBe(401);
    expect(
      (await post(`${L}/login`, { account: alice.username, password: alice.password })).json().code,
    ).toBe(10005);
  });

  it('notifies a login from a new device, not from a known one', async () => {
    const alice = await registerByEmail(t);
    await post(`${L}/login`, { account: alice.username, password: alice.password });
    await post(
      `${L}/login`,
      { account: alice.username, password: alice.password },
      { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' },
    );
    const list = await get(`${U}/listNotification`, alice.auth);
    const kinds = list.json().result.list as { kind: string; params: Record<string, string> }[];
    expect(kinds.map((n) => n.kind)).toEqual(['new_device_login', 'welcome']);
    expect(kinds[0]?.params.device).toBe('Safari on iOS');
    expect(list.json().result.unread).toBe(2);
    const read = await post(`${U}/readNotification`, {}, alice.auth);
    expect(read.json().result).toEqual({ unread: 0 });
  });

  it('logout ends the session', async () => {
    const alice = await registerByEmail(t);
    expect((await post(`${L}/logout`, {}, alice.auth)).statusCode).toBe(200);
    expect((await post(`${U}/getUserInfo`, {}, alice.auth)).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('a reset by email code ends every session; the old password stops working', async () => {
    const alice = await registerByEmail(t);
    const other = (
      await post(`${L}/login`, { account: alice.username, password: alice.password })
    ).json().result.token as string;
    expect(
      (
        await post(`${L}/sendCode`, { purpose: 'reset', channel: 'email', email: 'nobody@x.test' })
      ).json().code,
    ).toBe(10009);
    await post(`${L}/sendCode`, { purpose: 'reset', channel: 'email', email: alice.email });
    const code = await outboxCode(t, alice.email);
    const next = 'Harbour-Lantern-4471';
    const res = await post(`${U}/repassword`, {
      type: 'reset',
      channel: 'email',
      email: alice.email,
      code,
      password: next,
      confirmPassword: next,
    });
    expect(res.json().code).toBe(20005);
    for (const token of [alice.token, other]) {
      expect(
        (await post(`${U}/getUserInfo`, {}, { authorization: `Bearer ${token}` })).statusCode,
      ).toBe(401);
    }
    expect(
      (await post(`${L}/login`, { account: alice.username, password: alice.password })).json().code,
    ).toBe(10004);
    expect((await post(`${L}/login`, { account: alice.username, password: next })).statusCode).toBe(
      200,
    );
  });

  it('a change keeps the caller logged in and ends the other sessions', async () => {
    const alice = await registerByEmail(t);
    const other = (
      await post(`${L}/login`, { account: alice.username, password: alice.password })
    ).json().result.token as string;
    const wrong = await post(
      `${U}/repassword`,
      {
        type: 'change',
        oldPassword: 'Not-It-123',
        password: 'Meadow-Copper-8812',
        confirmPassword: 'Meadow-Copper-8812',
      },
      alice.auth,
    );
    expect(wrong.json().code).toBe(10004);
    const res = await post(
      `${U}/repassword`,
      {
        type: 'change',
        oldPassword: alice.password,
        password: 'Meadow-Copper-8812',
        confirmPassword: 'Meadow-Copper-8812',
      },
      alice.auth,
    );
    expect(res.json().code).toBe(20005);
    expect((await post(`${U}/getUserInfo`, {}, alice.auth)).statusCode).toBe(200);
    expect(
      (await post(`${U}/getUserInfo`, {}, { authorization: `Bearer ${other}` })).statusCode,
    ).toBe(401);
    const kinds = (await get(`${U}/listNotification`, alice.auth))
      .json()
      .result.list.map((n: { kind: string }) => n.kind);
    expect(kinds).toContain('password_changed');
  });

  it('pushes the notification on the user’s socket, to that user only', async () => {
    const alice = await registerByEmail(t);
    const bob = await registerByEmail(t);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address.replace('http', 'ws')}/ws`;
    const aliceSocket = await connectSocket(url);
    const bobSocket = await connectSocket(url);
    aliceSocket.send({ op: 'auth', token: alice.token });
    bobSocket.send({ op: 'auth', token: bob.token });
    await aliceSocket.next((m) => m.type === 'authed');
    await bobSocket.next((m) => m.type === 'authed');
    const next = 'Lagoon-Whistle-7730';
    await post(
      `${U}/repassword`,
      { type: 'change', oldPassword: alice.password, password: next, confirmPassword: next },
      alice.auth,
    );
    const event = await aliceSocket.next((m) => m.type === 'notification');
    expect(event).toMatchObject({ type: 'notification', data: { kind: 'password_changed' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(bobSocket.messages.filter((m) => m.type === 'notification')).toEqual([]);
    aliceSocket.close();
    bobSocket.close();
  });

  it('sets the withdrawal password with a code to the user’s own email', async () => {
    const alice = await registerByEmail(t);
    expect(
      (
        await post(`${L}/sendCode`, { purpose: 'withdrawPassword', channel: 'phone' }, alice.auth)
      ).json().code,
    ).toBe(10125);
    expect(
      (await post(`${L}/sendCode`, { purpose: 'withdrawPassword', channel: 'email' })).statusCode,
    ).toBe(401);
    await post(`${L}/sendCode`, { purpose: 'withdrawPassword', channel: 'email' }, alice.auth);
    const code = await outboxCode(t, alice.email);
    const bad = await post(
      `${U}/repasswordTx`,
      { channel: 'email', code, password: '12345', confirmPassword: '12345' },
      alice.auth,
    );
    expect(bad.json().code).toBe(10100);
    const res = await post(
      `${U}/repasswordTx`,
      { channel: 'email', code, password: '482913', confirmPassword: '482913' },
      alice.auth,
    );
    expect(res.json().code).toBe(20005);
    expect((await post(`${U}/getUserInfo`, {}, alice.auth)).json().result.hasWithdrawPassword).toBe(
      true,
    );
  });
});

describe('catalogue codes of validation failures (spec §8)', () => {
  it('answers the code the catalogue gives the field and keeps the field list', async () => {
    const strong = { password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD };
    const cases: [string, object, number, string][] = [
      [`${L}/login`, { account: '', password: 'x' }, 10001, 'account'],
      [`${L}/login`, { password: 'x' }, 10001, 'account'],
      // account fine, password empty: no catalogue code for "password required"
      [`${L}/login`, { account: 'amy', password: '' }, 10100, 'password'],
      [`${L}/sendCode`, { purpose: 'register', channel: 'email', email: 'nope' }, 10002, 'email'],
      [
        `${L}/register`,
        { channel: 'email', email: 'a@b.co', code: '123456', username: '1x', ...strong },
        10003,
        'username',
      ],
      [
        `${L}/register`,
        { channel: 'email', email: 'a@b.co', code: '12', username: 'amy_x', ...strong },
        10091,
        'code',
      ],
    ];
    for (const [url, payload, code, field] of cases) {
      const res = await post(url, payload);
      const body = res.json();
      expect(body.code, `${url} ${JSON.stringify(payload)}`).toBe(code);
      expect(res.statusCode).toBe(400);
      expect((body.result.fields as { path: string }[]).map((f) => f.path)).toContain(field);
    }
  });
});

describe('demo mode', () => {
  it('resets demo balances to the grant, refuses in real mode, and stops when staff disable demo', async () => {
    const alice = await registerByEmail(t);
    const demo = { ...alice.auth, 'x-account-mode': 'demo', 'idempotency-key': randomUUID() };
    expect(
      (await post(`${U}/resetDemo`, {}, { ...alice.auth, 'idempotency-key': randomUUID() })).json()
        .code,
    ).toBe(10100);
    const res = await post(`${U}/resetDemo`, {}, demo);
    expect(res.json().result.balances).toEqual([
      { asset: 'USDT', available: '100000', frozen: '0' },
    ]);

    const support = await staffHeaders(t.database, ['support']);
    await post(`/swx/admin/users/${alice.user.id}`, { demoEnabled: false }, support.headers);
    const refused = await get(`${U}/accountSummary`, { ...alice.auth, 'x-account-mode': 'demo' });
    expect(refused.json().code).toBe(10111);
    expect((await get(`${U}/accountSummary`, alice.auth)).statusCode).toBe(200);
  });
});

describe('invitations', () => {
  it('links a friend who registers with the code, with a masked name', async () => {
    const alice = await registerByEmail(t);
    const friend = await registerByEmail(t, { inviteCode: alice.user.inviteCode.toLowerCase() });
    const info = await get(`${U}/inviteInfo`, alice.auth);
    const result = info.json().result;
    expect(result.code).toBe(alice.user.inviteCode);
    expect(result.link).toMatch(new RegExp(`/pass/register\\?invite=${alice.user.inviteCode}$`));
    expect(result.qrSvg).toMatch(/^<svg/);
    expect(result.friends).toHaveLength(1);
    expect(result.friends[0]).toMatchObject({
      username: `${friend.username[0]}***${friend.username.at(-1)}`,
      funded: false,
      traded: false,
    });
    const admin = await staffHeaders(t.database, ['support']);
    const detail = await get(`/swx/admin/users/${friend.user.id}`, admin.headers);
    expect(detail.json().result.invitedBy).toEqual({ id: alice.user.id, username: alice.username });
  });
});

describe('permissions', () => {
  it('every user route refuses a caller without a token', async () => {
    const paths = [
      ['POST', `${U}/getUserInfo`],
      ['POST', `${U}/repasswordTx`],
      ['POST', `${U}/bindContact`],
      ['POST', `${U}/settings`],
      ['GET', `${U}/accountSummary`],
      ['POST', `${U}/resetDemo`],
      ['GET', `${U}/inviteInfo`],
      ['GET', `${U}/listNotification`],
      ['GET', `${U}/unreadNotification`],
      ['POST', `${U}/readNotification`],
      ['POST', `${U}/identification`],
      ['GET', `${U}/getIdentification`],
      ['GET', `${U}/kycFile/1`],
      ['POST', `${U}/dh`],
      ['GET', `${U}/listConvert`],
      ['GET', `${U}/listTransactions`],
      ['GET', `${U}/listRechargeAddress`],
      ['POST', `${U}/recharge`],
      ['GET', `${U}/listRecharge`],
      ['POST', `${U}/withdrawal`],
      ['GET', `${U}/listWithdrwal`],
      ['GET', `${U}/exportLedger`],
      ['POST', `${U}/loan`],
      ['GET', `${U}/listLoanRecord`],
      ['GET', `${U}/getLoanById/1`],
      ['POST', `${U}/repayLoan`],
      ['GET', `${U}/loanAgreementPreview`],
      ['GET', `${U}/loanAgreement/1`],
      ['GET', `${U}/listNft`],
      ['POST', `${U}/buyNft`],
      ['GET', `${U}/listCommission`],
      ['GET', `${U}/twoFactor`],
      ['POST', `${U}/antiPhishing`],
      ['GET', `${U}/listWithdrawAddress`],
      ['POST', `${U}/withdrawAddress`],
      ['POST', `${U}/withdrawAddress/delete`],
      ['POST', `${U}/withdrawWhitelist`],
      ['GET', `${U}/listAlert`],
      ['GET', `${U}/notificationPrefs`],
      ['POST', `${U}/notificationPrefs`],
      ['POST', `${U}/alert`],
      ['POST', `${U}/alert/delete`],
      ['POST', `${U}/twoFactor/setup`],
      ['POST', `${U}/twoFactor/enable`],
      ['POST', `${U}/twoFactor/disable`],
      ['POST', `${U}/twoFactor/recoveryCodes`],
      ['GET', `${U}/liabilityProof`],
    ] as const;
    // The sweep covers every registered user route: a new one must be added above.
    // (OpenAPI lists every documented route; path parameters appear as {id}.)
    const registered = new Set(
      Object.keys((t.app.swagger() as { paths: Record<string, unknown> }).paths)
        .filter((path) => path.startsWith('/swx/customer/user/'))
        .filter((path) => !path.endsWith('/repassword'))
        .map((path) => path.replace(/\{(\w+)\}/g, ':$1')),
    );
    const swept = new Set(paths.map(([, url]) => url.replace(/\/1$/, '/:id')));
    expect([...registered].sort()).toEqual([...swept].sort());
    for (const [method, url] of paths) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, url).toBe(401);
    }
    // a change of password without a session is refused as well (a reset needs a code instead)
    const change = await post(`${U}/repassword`, {
      type: 'change',
      oldPassword: 'x',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(change.statusCode).toBe(401);
  });

  it('another user’s token reads and changes only its own data', async () => {
    const alice = await registerByEmail(t);
    const bob = await registerByEmail(t);
    const aliceNotes = (await get(`${U}/listNotification`, alice.auth)).json().result;
    const ids = aliceNotes.list.map((n: { id: number }) => n.id);
    // Bob marks Alice's notification ids read: nothing of Alice's changes.
    await post(`${U}/readNotification`, { ids }, bob.auth);
    expect((await get(`${U}/unreadNotification`, alice.auth)).json().result.unread).toBe(
      aliceNotes.unread,
    );
    // Bob's views never carry Alice's data.
    const bobInfo = (await post(`${U}/getUserInfo`, {}, bob.auth)).json().result;
    expect(bobInfo.id).toBe(bob.user.id);
    const bobNotes = (await get(`${U}/listNotification`, bob.auth)).json().result.list;
    expect(bobNotes.every((n: { id: number }) => !ids.includes(n.id))).toBe(true);
    // Settings change only the caller.
    await post(`${U}/settings`, { locale: 'ar' }, bob.auth);
    expect((await post(`${U}/getUserInfo`, {}, alice.auth)).json().result.locale).toBe('en');
  });
});
