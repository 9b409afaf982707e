import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/errors';
import { createGoogleVerifier, type GoogleVerifier } from './google-id-token';

// A stand-in for Google: an RSA key published in a JWKS on loopback, and a second key that the
// JWKS does not list, so tokens can be forged the ways an attacker would try.
const ISSUER = 'https://accounts.google.com';
const CLIENT_ID = 'test-client.apps.googleusercontent.com';
const KID = 'test-key-1';

let server: Server;
let jwksUrl: string;
let jwksRequests = 0;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let verifier: GoogleVerifier;

beforeAll(async () => {
  const published = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  signingKey = published.privateKey;
  strangerKey = stranger.privateKey;
  const jwk: JWK = {
    ...(await exportJWK(published.publicKey)),
    kid: KID,
    alg: 'RS256',
    use: 'sig',
  };
  const body = JSON.stringify({ keys: [jwk] });

  server = createServer((req, res) => {
    jwksRequests += 1;
    if (req.url !== '/certs') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  jwksUrl = `http://127.0.0.1:${port}/certs`;
  verifier = createGoogleVerifier({
    clientId: CLIENT_ID,
    issuer: [ISSUER, 'accounts.google.com'],
    jwksUrl,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
});

const claims = {
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  nonce: 'n-0S6_WzA2Mj',
};

interface TokenOptions {
  payload?: JWTPayload;
  issuer?: string;
  audience?: string;
  key?: CryptoKey;
  kid?: string;
  expiresAt?: number;
  issuedAt?: number;
}

function sign(options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(options.payload ?? claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject('110169484474386276334')
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.key ?? signingKey);
}

async function expectRejected(token: string, opts?: { nonce?: string }) {
  const error: unknown = await verifier.verify(token, opts).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error) && error.code).toBe(10120);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('Google ID token verification', () => {
  it('accepts a token signed by a published key and returns its identity', async () => {
    const token = await sign();
    await expect(verifier.verify(token, { nonce: claims.nonce })).resolves.toEqual({
      sub: '110169484474386276334',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
    });
  });

  it('accepts the issuer without scheme, and a token with no email or name', async () => {
    const token = await sign({ issuer: 'accounts.google.com', payload: {} });
    await expect(verifier.verify(token)).resolves.toEqual({
      sub: '110169484474386276334',
      email: null,
      emailVerified: false,
      name: null,
    });
  });

  it('rejects a token for another client (aud)', async () => {
    await expectRejected(await sign({ audience: 'someone-else.apps.googleusercontent.com' }));
  });

  it('rejects a token from another issuer', async () => {
    await expectRejected(await sign({ issuer: 'https://evil.example.com' }));
  });

  it('rejects an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(await sign({ issuedAt: now - 7200, expiresAt: now - 60 }));
  });

  it('rejects a token issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(await sign({ issuedAt: now + 600, expiresAt: now + 4200 }));
  });

  it('rejects tokens signed by a key that is not published', async () => {
    // An unknown `kid` may make jose reload the key set, but only once per cooldown: a flood of
    // forged tokens cannot turn the server into a load generator against Google.
    const before = jwksRequests;
    for (let i = 0; i < 5; i += 1) {
      await expectRejected(await sign({ key: strangerKey, kid: `rotated-key-${i}` }));
    }
    // The published `kid` with the wrong key: the signature does not verify.
    await expectRejected(await sign({ key: strangerKey }));
    expect(jwksRequests - before).toBeLessThanOrEqual(1);
  });

  it('rejects HS256 signed with the public key material, and alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hmac = await new SignJWT({ ...claims, sub: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid: KID })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(JSON.stringify(await fetch(jwksUrl).then((r) => r.json()))));
    await expectRejected(hmac);

    const unsecured = new UnsecuredJWT({ ...claims, sub: 'x' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .encode();
    await expectRejected(unsecured);
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const [header, payload, signature] = (await sign()).split('.');
    const claimsSet = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as JWTPayload;
    const tampered = b64({ ...claimsSet, email: 'mallory@example.com' });
    await expectRejected(`${header}.${tampered}.${signature}`);
  });

  it('rejects a wrong or missing nonce when one is expected', async () => {
    await expectRejected(await sign(), { nonce: 'another-nonce' });
    await expectRejected(await sign({ payload: { ...claims, nonce: undefined } }), {
      nonce: claims.nonce,
    });
  });

  it('rejects a token without sub, and garbage', async () => {
    const now = Math.floor(Date.now() / 1000);
    const noSub = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(signingKey);
    await expectRejected(noSub);
    await expectRejected('not-a-jwt');
    await expectRejected('');
  });
});
