// A local OpenID provider for browser runs, in Google's place: the product is configured with its
// client id, issuer, key set and authorization endpoint, and the browser goes through the same
// implicit flow (authorize -> redirect back with #id_token & state). It signs in whoever asks as
// the address given in `login_hint` (or a fresh one), with its own RSA key.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const E2E_GOOGLE_CLIENT_ID = 'swx-e2e.apps.example';

export async function startOidcProvider() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-1', alg: 'RS256', use: 'sig' };
  let issuer = '';

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer || 'http://localhost');
    if (url.pathname === '/jwks') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/authorize') {
      const redirect = url.searchParams.get('redirect_uri');
      const clientId = url.searchParams.get('client_id');
      if (!redirect || clientId !== E2E_GOOGLE_CLIENT_ID) {
        res.writeHead(400).end('bad request');
        return;
      }
      const email =
        url.searchParams.get('login_hint') ?? `g.${randomUUID().slice(0, 8)}@gmail.test`;
      const token = await new SignJWT({
        email,
        email_verified: true,
        name: 'E2E Google User',
        nonce: url.searchParams.get('nonce') ?? undefined,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'e2e-1' })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setSubject(`sub-${email}`)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      const fragment = new URLSearchParams({
        id_token: token,
        state: url.searchParams.get('state') ?? '',
      });
      res.writeHead(302, { location: `${redirect}#${fragment.toString()}` }).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  issuer = `http://127.0.0.1:${address.port}`;
  return {
    env: {
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_ISSUER: issuer,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
      GOOGLE_AUTHORIZE_URL: `${issuer}/authorize`,
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
