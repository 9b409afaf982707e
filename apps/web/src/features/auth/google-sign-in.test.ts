import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildAuthorizeUrl,
  checkGoogleCallback,
  GOOGLE_ATTEMPT_TTL_MS,
  idTokenNonce,
  parseGoogleFragment,
  startGoogleSignIn,
  takePendingGoogleSignIn,
  type PendingGoogleSignIn,
} from './google-sign-in';
import { fakeIdToken } from './test/fake-id-token';

const pending: PendingGoogleSignIn = {
  state: 'state-1',
  nonce: 'nonce-1',
  returnPath: '/market',
  startedAt: 1_000_000,
};

describe('Google sign-in (OIDC implicit flow)', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks Google for an ID token back on the callback page', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        clientId: 'client-1.apps.googleusercontent.com',
        redirectUri: 'https://swx.example/api/loginCallback/google',
        state: 's',
        nonce: 'n',
        locale: 'ar',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1.apps.googleusercontent.com',
      response_type: 'id_token',
      scope: 'openid email profile',
      redirect_uri: 'https://swx.example/api/loginCallback/google',
      state: 's',
      nonce: 'n',
      prompt: 'select_account',
      hl: 'ar',
    });
  });

  it('keeps a fresh random state and nonce for the return page, usable once', () => {
    const url = new URL(
      startGoogleSignIn({
        authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        clientId: 'c',
        origin: 'https://swx.example',
        locale: 'en',
        returnPath: '/loan',
      }),
    );
    const stored = takePendingGoogleSignIn();
    expect(stored?.state).toBe(url.searchParams.get('state'));
    expect(stored?.nonce).toBe(url.searchParams.get('nonce'));
    expect(stored?.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored?.nonce).not.toBe(stored?.state);
    expect(stored?.returnPath).toBe('/loan');
    expect(takePendingGoogleSignIn()).toBeNull();
  });

  it('reads the fragment and the token nonce', () => {
    expect(parseGoogleFragment('#id_token=a.b.c&state=xyz')).toEqual({
      idToken: 'a.b.c',
      state: 'xyz',
      error: null,
    });
    expect(parseGoogleFragment('#error=access_denied&state=xyz').error).toBe('access_denied');
    expect(idTokenNonce(fakeIdToken({ nonce: 'nonce-é' }))).toBe('nonce-é');
    expect(idTokenNonce('garbage')).toBeNull();
  });

  const token = fakeIdToken({ nonce: 'nonce-1', sub: '1' });
  const at = pending.startedAt + 60_000;

  it.each([
    ['matching state and nonce', 'ok', { idToken: token, state: 'state-1', error: null }, pending],
    ['another state', 'state', { idToken: token, state: 'state-2', error: null }, pending],
    ['no stored attempt', 'state', { idToken: token, state: 'state-1', error: null }, null],
    ['no state', 'state', { idToken: token, state: null, error: null }, pending],
    [
      'a token for another nonce',
      'state',
      { idToken: fakeIdToken({ nonce: 'other' }), state: 'state-1', error: null },
      pending,
    ],
    ['no token', 'token', { idToken: null, state: 'state-1', error: null }, pending],
    ['a cancel', 'cancelled', { idToken: null, state: 'state-1', error: 'access_denied' }, pending],
    [
      'another error',
      'provider',
      { idToken: null, state: 'state-1', error: 'server_error' },
      pending,
    ],
    [
      'a cancel of another attempt',
      'state',
      { idToken: null, state: 'x', error: 'access_denied' },
      pending,
    ],
  ] as const)('%s -> %s', (_, expected, fragment, stored) => {
    const check = checkGoogleCallback(fragment, stored, at);
    expect(check.ok ? 'ok' : check.problem).toBe(expected);
  });

  it('refuses an attempt older than its time limit', () => {
    const check = checkGoogleCallback(
      { idToken: token, state: 'state-1', error: null },
      pending,
      pending.startedAt + GOOGLE_ATTEMPT_TTL_MS + 1,
    );
    expect(check).toEqual({ ok: false, problem: 'state', returnPath: '/market' });
  });
});
