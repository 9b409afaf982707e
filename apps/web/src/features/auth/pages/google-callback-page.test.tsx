import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast-store';
import { rememberedInvite, rememberInvite } from '../invite-code';
import { fakeIdToken } from '../test/fake-id-token';
import { API, fail, mockApi, ok, renderAuthPage, USER } from '../test/render-auth';
import GoogleCallbackPage from './google-callback-page';

const PATH = '/api/loginCallback/google';

function startedAttempt(returnPath = '/market') {
  sessionStorage.setItem(
    'swx.auth.google',
    JSON.stringify({ state: 'state-1', nonce: 'nonce-1', returnPath, startedAt: Date.now() }),
  );
}

const token = fakeIdToken({ sub: '1', nonce: 'nonce-1' });

describe('Google return page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    session.reload();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs in with the ID token when the state matches, then returns', async () => {
    const api = mockApi({ [API.google]: () => ok({ token: 'tok-g', user: USER, created: true }) });
    startedAttempt('/market');
    rememberInvite('ABCD2345');
    await renderAuthPage(<GoogleCallbackPage />, {
      path: PATH,
      url: `${PATH}#id_token=${token}&state=state-1`,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/market');
    expect(api.of(API.google)[0]?.body).toEqual({
      idToken: token,
      nonce: 'nonce-1',
      inviteCode: 'ABCD2345',
    });
    expect(session.get().token).toBe('tok-g');
    // The attempt is used up.
    expect(sessionStorage.getItem('swx.auth.google')).toBeNull();
  });

  it('signs in without an invite code that names no one', async () => {
    const api = mockApi({
      [API.google]: ({ body }) =>
        (body as { inviteCode?: string }).inviteCode
          ? fail(10100)
          : ok({ token: 'tok-g', user: USER, created: true }),
    });
    startedAttempt('/market');
    rememberInvite('ZZZZZZZZ');
    await renderAuthPage(<GoogleCallbackPage />, {
      path: PATH,
      url: `${PATH}#id_token=${token}&state=state-1`,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/market');
    expect(api.of(API.google).map((call) => call.body)).toEqual([
      { idToken: token, nonce: 'nonce-1', inviteCode: 'ZZZZZZZZ' },
      { idToken: token, nonce: 'nonce-1' },
    ]);
    expect(rememberedInvite()).toBeUndefined();
  });

  it('refuses an answer whose state is not the stored one, without calling the server', async () => {
    const api = mockApi({});
    startedAttempt();
    await renderAuthPage(<GoogleCallbackPage />, {
      path: PATH,
      url: `${PATH}#id_token=${token}&state=forged`,
    });
    expect(await screen.findByRole('heading', { name: 'This sign-in has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/pass/login?redirect=%2Fmarket',
    );
    expect(api.calls).toHaveLength(0);
    expect(session.get().token).toBeNull();
  });

  it('refuses an answer when this tab started no sign-in', async () => {
    const api = mockApi({});
    await renderAuthPage(<GoogleCallbackPage />, {
      path: PATH,
      url: `${PATH}#id_token=${token}&state=state-1`,
    });
    expect(await screen.findByRole('heading', { name: 'This sign-in has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/pass/login',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('explains a cancel on Google’s page', async () => {
    mockApi({});
    startedAttempt();
    await renderAuthPage(<GoogleCallbackPage />, {
      path: PATH,
      url: `${PATH}#error=access_denied&state=state-1`,
    });
    expect(
      await screen.findByRole('heading', { name: 'Google sign-in was cancelled' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Nothing has changed/);
  });

  it('shows the translated server error when the token is refused', async () => {
    mockApi({ [API.google]: () => fail(10126, 404) });
    startedAttempt();
    await renderAuthPage(<GoogleCallbackPage />, {
      path: PATH,
      url: `${PATH}#id_token=${token}&state=state-1`,
    });
    expect(await screen.findByText('This sign-in method is not available.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Google sign-in did not work' })).toBeTruthy();
  });

  it('names the refusal even though it comes as HTTP 401, and says so on the way to login', async () => {
    mockApi({ [API.google]: () => fail(10120, 401) });
    startedAttempt();
    await renderAuthPage(<GoogleCallbackPage />, {
      path: PATH,
      url: `${PATH}#id_token=${token}&state=state-1`,
    });
    const message = 'Google sign-in could not be verified. Please try again.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(toast.items().at(-1)).toMatchObject({ kind: 'error', message });
  });
});
