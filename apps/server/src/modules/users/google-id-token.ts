import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../platform/errors';

/** Google signs ID tokens with either spelling of its issuer; both are genuine. */
export const GOOGLE_ISSUERS: readonly string[] = [
  'https://accounts.google.com',
  'accounts.google.com',
];
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export interface GoogleVerifierConfig {
  /** The OAuth client ID the token must be addressed to (`aud`). */
  clientId: string;
  issuer: string | readonly string[];
  jwksUrl: string | URL;
}

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  /** True only when there is an email and Google vouches for it. */
  emailVerified: boolean;
  name: string | null;
}

export interface GoogleVerifier {
  verify(idToken: string, opts?: { nonce?: string }): Promise<GoogleIdentity>;
}

// Clocks on phones and servers drift; a few seconds is enough and keeps expired tokens expired.
const CLOCK_TOLERANCE_S = 5;
// Real ID tokens are about 1 KB; anything far larger is not worth parsing.
const MAX_TOKEN_LENGTH = 16_384;

/**
 * Verifies Google ID tokens against Google's published keys. The key set is fetched once, cached,
 * and refetched when a token names an unknown `kid` (jose rate-limits that refetch), so key
 * rotation needs no restart. Every failure is the same AppError(10120): the caller learns nothing
 * it could echo to an attacker, and the token and its claims are never logged.
 */
export function createGoogleVerifier(config: GoogleVerifierConfig): GoogleVerifier {
  if (!config.clientId) throw new TypeError('Google client ID is required');
  const issuers = typeof config.issuer === 'string' ? [config.issuer] : [...config.issuer];
  if (issuers.length === 0) throw new TypeError('at least one Google issuer is required');
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5_000 });

  return {
    async verify(idToken, opts = {}) {
      if (
        typeof idToken !== 'string' ||
        idToken.length === 0 ||
        idToken.length > MAX_TOKEN_LENGTH
      ) {
        throw new AppError(10120);
      }
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer: issuers,
          audience: config.clientId,
          // An allow-list of one: no HMAC with a public key as secret, no `none`.
          algorithms: ['RS256'],
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['exp', 'iat', 'sub'],
        }));
      } catch {
        // jose's errors carry the claims (email, name): they stay here.
        throw new AppError(10120);
      }

      const { sub, iat, nonce, email, email_verified: emailVerified, name } = payload;
      if (typeof sub !== 'string' || sub.length === 0) throw new AppError(10120);
      // jose checks that `iat` is a number but not that it is in the past.
      if (typeof iat !== 'number' || iat > Date.now() / 1000 + CLOCK_TOLERANCE_S) {
        throw new AppError(10120);
      }
      // The nonce binds the token to the sign-in attempt that asked for it (no replay of a token
      // obtained for another session).
      if (opts.nonce !== undefined && nonce !== opts.nonce) throw new AppError(10120);

      const address = typeof email === 'string' && email.length > 0 ? email : null;
      return {
        sub,
        email: address,
        // Older Google tokens carried the flag as the string "true".
        emailVerified: address !== null && (emailVerified === true || emailVerified === 'true'),
        name: typeof name === 'string' && name.length > 0 ? name : null,
      };
    },
  };
}
