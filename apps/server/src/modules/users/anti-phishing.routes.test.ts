import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, lastMail as lastMailOf, registerByEmail } from '../../../test/support/accounts';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_MAX: '1000000' } });
}, 60_000);
afterAll(() => t.close());

type Reply<T = Record<string, unknown>> = { code: number; result: T };

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

const lastMail = (to: string) => lastMailOf(t, to);

describe('anti-phishing code', () => {
  it('refuses a bad phrase with 10157 and keeps the old one', async () => {
    const user = await registerByEmail(t);
    for (const code of ['abc', 'x'.repeat(21), '<b>hello</b>', 'emoji 🙂 ok', '   ']) {
      const reply = await post('/swx/customer/user/antiPhishing', { code }, user.auth);
      expect(reply.code, code).toBe(10157);
    }
    const info = await post<{ antiPhishingCode: string | null }>(
      '/swx/customer/user/getUserInfo',
      {},
      user.auth,
    );
    expect(info.result.antiPhishingCode).toBeNull();
  });

  it('is shown first in every mail to the user, in any script; removed, it is gone', async () => {
    const user = await registerByEmail(t);
    const set = await post<{ antiPhishingCode: string }>(
      '/swx/customer/user/antiPhishing',
      { code: '  ナツ tiger-42 ' },
      user.auth,
    );
    expect(set.code).toBe(20005);
    expect(set.result.antiPhishingCode).toBe('ナツ tiger-42');
    await post('/swx/customer/login/sendCode', {
      purpose: 'reset',
      channel: 'email',
      email: user.email,
    });
    const reset = await lastMail(user.email);
    expect(reset?.body?.split('\n')[0]).toBe(
      'Your SWX anti-phishing code: ナツ tiger-42. Every mail from SWX shows it; a mail without it is not from us.',
    );
    await post('/swx/customer/user/antiPhishing', { code: null }, user.auth);
    await post(
      '/swx/customer/login/sendCode',
      { purpose: 'withdrawPassword', channel: 'email' },
      user.auth,
    );
    const next = await lastMail(user.email);
    expect(next?.subject).toContain('withdrawal password');
    expect(next?.body).not.toContain('anti-phishing');
  });

  it('with two-factor authentication on, changing it needs the app’s code', async () => {
    const user = await registerByEmail(t);
    const setup = await post<{ secret: string }>(
      '/swx/customer/user/twoFactor/setup',
      {},
      user.auth,
    );
    const totp = new TOTP({ secret: Secret.fromBase32(setup.result.secret) });
    const now = Date.now();
    await post(
      '/swx/customer/user/twoFactor/enable',
      { code: totp.generate({ timestamp: now }) },
      user.auth,
    );
    const body = { code: 'blue heron' };
    expect((await post('/swx/customer/user/antiPhishing', body, user.auth)).code).toBe(10153);
    const done = await post(
      '/swx/customer/user/antiPhishing',
      { ...body, twoFactorCode: totp.generate({ timestamp: now + 30_000 }) },
      user.auth,
    );
    expect(done.code).toBe(20005);
  });
});
