import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { SMTPServer } from 'smtp-server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, registerByEmail, STRONG_PASSWORD } from '../../../test/support/accounts';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const CLIENT_ID = 'swx-test-client.apps.example';

/** A local OpenID issuer: its key set on loopback, its signing key in the test. */
async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, jwksUrl: `${issuer}/jwks`, privateKey, server };
}

function idToken(
  key: CryptoKey,
  claims: { iss: string; aud?: string; sub: string; email?: string; nonce?: string; exp?: number },
  kid = 'test-key-1',
) {
  return new SignJWT({
    email: claims.email,
    email_verified: true,
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(claims.iss)
    .setAudience(claims.aud ?? CLIENT_ID)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(key);
}

describe('Google login', () => {
  let t: TestApp;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  beforeAll(async () => {
    issuer = await startIssuer();
    t = await createTestApp({
      config: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_ISSUER: issuer.issuer,
        GOOGLE_JWKS_URL: issuer.jwksUrl,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    issuer.server.close();
  });

  const loginWith = (token: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/swx/customer/login/loginByGoogle',
      payload: { idToken: token, ...extra },
      remoteAddress: freshIp(),
    });

  it('offers the button with the client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swx/customer/login/methods' });
    expect(res.json().result.google).toEqual({
      clientId: CLIENT_ID,
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
  });

  it('creates the account on the first login and finds it on the next', async () => {
    const sub = randomUUID();
    const email = `g.${sub.slice(0, 8)}@gmail.test`;
    const first = await loginWith(
      await idToken(issuer.privateKey, { iss: issuer.issuer, sub, email }),
    );
    expect(first.json().result).toMatchObject({
      created: true,
      user: { email, googleLinked: true, hasPassword: false },
    });
    const again = await loginWith(
      await idToken(issuer.privateKey, { iss: issuer.issuer, sub, email }),
    );
    expect(again.json().result).toMatchObject({
      created: false,
      user: { id: first.json().result.user.id },
    });
    // the new account got its demo grant through the ledger
    const demo = await t.app.inject({
      method: 'GET',
      url: '/swx/customer/user/accountSummary',
      headers: { authorization: `Bearer ${again.json().result.token}`, 'x-account-mode': 'demo' },
    });
    expect(demo.json().result.balances[0]).toMatchObject({ asset: 'USDT', available: '100000' });
  });

  it('links an existing account by its verified email', async () => {
    const alice = await registerByEmail(t);
    const res = await loginWith(
      await idToken(issuer.privateKey, {
        iss: issuer.issuer,
        sub: randomUUID(),
        email: alice.email,
      }),
    );
    expect(res.json().result).toMatchObject({
      created: false,
      user: { id: alice.user.id, googleLinked: true },
    });
  });

  it('rejects a wrong audience, issuer, expiry, key id or nonce', async () => {
    const sub = randomUUID();
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const cases = [
      await idToken(issuer.privateKey, { iss: issuer.issuer, sub, aud: 'someone-else' }),
      await idToken(issuer.privateKey, { iss: 'https://evil.example', sub }),
      await idToken(issuer.privateKey, {
        iss: issuer.issuer,
        sub,
        exp: Math.floor(Date.now() / 1000) - 60,
      }),
      await idToken(issuer.privateKey, { iss: issuer.issuer, sub }, 'unknown-kid'),
      await idToken(otherKey, { iss: issuer.issuer, sub }),
    ];
    for (const token of cases) expect((await loginWith(token)).json().code).toBe(10120);
    const withNonce = await idToken(issuer.privateKey, {
      iss: issuer.issuer,
      sub,
      nonce: 'nonce-from-app-1',
    });
    expect((await loginWith(withNonce, { nonce: 'another-nonce-2' })).json().code).toBe(10120);
    expect((await loginWith(withNonce, { nonce: 'nonce-from-app-1' })).statusCode).toBe(200);
  });
});

describe('wallet login (Sign-In with Ethereum)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (url: string, payload: object, host = 'swx.localhost') =>
    t.app.inject({ method: 'POST', url, payload, headers: { host }, remoteAddress: freshIp() });

  async function challenge(address: string, host?: string) {
    const res = await call('/swx/customer/login/dappNonce', { address, chainId: 1 }, host);
    expect(res.statusCode).toBe(200);
    return res.json().result as { message: string; nonce: string };
  }

  it('signs in with a signature only, once per nonce', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { message } = await challenge(account.address.toLowerCase());
    expect(message).toContain('swx.localhost wants you to sign in with your Ethereum account:');
    expect(message).toContain(account.address);
    expect(message).toContain('not a transaction');
    const signature = await account.signMessage({ message });
    const first = await call('/swx/customer/login/loginByDapp', { message, signature });
    expect(first.json().result).toMatchObject({
      created: true,
      user: { walletAddress: account.address },
    });
    // the same signed message again: the nonce is used
    const replay = await call('/swx/customer/login/loginByDapp', { message, signature });
    expect(replay.json().code).toBe(10121);
    // a new challenge logs into the same account
    const next = await challenge(account.address);
    const again = await call('/swx/customer/login/loginByDapp', {
      message: next.message,
      signature: await account.signMessage({ message: next.message }),
    });
    expect(again.json().result).toMatchObject({
      created: false,
      user: { id: first.json().result.user.id },
    });
  });

  it('rejects another signer, tampered text, a nonce never issued and another domain', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const thief = privateKeyToAccount(generatePrivateKey());
    const { message, nonce } = await challenge(account.address);
    const byThief = await call('/swx/customer/login/loginByDapp', {
      message,
      signature: await thief.signMessage({ message }),
    });
    expect(byThief.json().code).toBe(10121);

    const tampered = message.replace(account.address, thief.address);
    const tamperedRes = await call('/swx/customer/login/loginByDapp', {
      message: tampered,
      signature: await account.signMessage({ message }),
    });
    expect(tamperedRes.json().code).toBe(10121);

    // A message the thief writes himself with a made-up nonce, signed by his own key.
    const forged = message
      .replaceAll(account.address, thief.address)
      .replace(`Nonce: ${nonce}`, 'Nonce: abcdef1234567890');
    const forgedRes = await call('/swx/customer/login/loginByDapp', {
      message: forged,
      signature: await thief.signMessage({ message: forged }),
    });
    expect(forgedRes.json().code).toBe(10121);

    // Signed for this site, presented to another one (a phishing domain relaying the login).
    const fresh = await challenge(account.address, 'evil.example');
    const elsewhere = await call(
      '/swx/customer/login/loginByDapp',
      { message: fresh.message, signature: await account.signMessage({ message: fresh.message }) },
      'swx.localhost',
    );
    expect(elsewhere.json().code).toBe(10121);
  });

  it('can be switched off', async () => {
    const off = await createTestApp({ config: { WALLET_LOGIN: 'false' } });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/swx/customer/login/dappNonce',
        payload: { address: privateKeyToAccount(generatePrivateKey()).address, chainId: 1 },
      });
      expect(res.json().code).toBe(10126);
      const methods = await off.app.inject({ method: 'GET', url: '/swx/customer/login/methods' });
      expect(methods.json().result).toMatchObject({ google: null, wallet: false });
    } finally {
      await off.close();
    }
  });
});

describe('mail over SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string; text: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            text: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ config: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails the code in the user’s language; registration works with the code from the mail', async () => {
    const email = `smtp.${randomUUID().slice(0, 8)}@example.test`;
    const ip = freshIp();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/login/sendCode',
      payload: { purpose: 'register', channel: 'email', email },
      headers: { lang: 'de' },
      remoteAddress: ip,
    });
    expect(sent.statusCode).toBe(200);
    const mail = received.find((m) => m.to === email);
    expect(mail).toBeDefined();
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/login/register',
      payload: {
        channel: 'email',
        email,
        username: `s${randomUUID().slice(0, 8)}`,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        code,
      },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    // The outbox records the delivery but not the text (it held a code).
    const admin = await import('../../../test/support/staff-session').then((m) =>
      m.staffHeaders(t.database, ['support']),
    );
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/swx/admin/outbox?q=${encodeURIComponent(email)}`,
      headers: admin.headers,
    });
    expect(outbox.json().result.list[0]).toMatchObject({
      recipient: email,
      status: 'sent',
      body: null,
    });
  });
});
