import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../shared/api/use-api-query';
import { session } from '../../../shared/session/session-store';
import { sessionUserInfo } from '../../../shared/session/session-user';
import { toast } from '../../../shared/ui/toast-store';
import { takePendingGoogleSignIn } from '../google-sign-in';
import { API, fail, mockApi, ok, renderAuthPage, USER } from '../test/render-auth';
import LoginPage from './login-page';

const noMethods = () => ok({ google: null, wallet: false, sms: false });

/** The input labelled so (the tab panel around it carries the tab's name too). */
function field(label: string | RegExp) {
  return screen.getByLabelText(label, { selector: 'input' });
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reload();
    clearQueryCache();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the required messages inline and sends nothing', async () => {
    const api = mockApi({ [API.methods]: noMethods });
    await renderAuthPage(<LoginPage />, { path: '/pass/login' });
    submit();
    const account = field('Email or username');
    expect(await screen.findByText('Please enter your username or email.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    // The message is tied to the field, and focus goes to the first problem.
    const errorId = account.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(
      'Please enter your username or email.',
    );
    expect(account.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(account));
    expect(api.of(API.login)).toHaveLength(0);
  });

  it('checks the email format when the account looks like an email', async () => {
    mockApi({ [API.methods]: noMethods });
    await renderAuthPage(<LoginPage />, { path: '/pass/login' });
    fill('Email or username', 'amy@nowhere');
    fireEvent.blur(field('Email or username'));
    expect(
      await screen.findByText('Please enter a valid email address, such as name@example.com.'),
    ).toBeTruthy();
    fill('Email or username', 'amy@example.com');
    expect(
      screen.queryByText('Please enter a valid email address, such as name@example.com.'),
    ).toBeNull();
  });

  it('logs in, stores the session and returns to ?redirect=', async () => {
    const api = mockApi({
      [API.methods]: noMethods,
      [API.login]: () => ok({ token: 'tok-1', user: USER }),
    });
    await renderAuthPage(<LoginPage />, {
      path: '/pass/login',
      url: '/pass/login?redirect=%2Fmarket%3Ftype%3D2',
    });
    fill('Email or username', ' amy ');
    fill('Password', 'correct horse');
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/market?type=2');
    expect(api.of(API.login)[0]?.body).toEqual({ account: 'amy', password: 'correct horse' });
    expect(session.get().token).toBe('tok-1');
    expect(sessionUserInfo(session.get().user)?.username).toBe('amy');
    expect(toast.items().at(-1)?.message).toBe('Welcome back, \u2068amy\u2069.');
  });

  it('logs in with a phone number and its calling code, then goes to the account home', async () => {
    const api = mockApi({
      [API.methods]: noMethods,
      [API.login]: () => ok({ token: 'tok-2', user: USER }),
    });
    await renderAuthPage(<LoginPage />, { path: '/pass/login' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Mobile number' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    fill('Mobile number', '7700 900-123');
    fill('Password', 'correct horse');
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    // happy-dom's navigator language is en-US: +1 is the first guess.
    expect(api.of(API.login)[0]?.body).toEqual({
      account: '7700900123',
      areaCode: '1',
      password: 'correct horse',
    });
  });

  it('shows the server message next to the form when the login is refused', async () => {
    mockApi({ [API.methods]: noMethods, [API.login]: () => fail(10004) });
    await renderAuthPage(<LoginPage />, { path: '/pass/login' });
    fill('Email or username', 'amy');
    fill('Password', 'wrong password');
    submit();
    const message = await screen.findByText('The password is incorrect.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(session.get().token).toBeNull();
  });

  it('offers Google and wallet sign-in only when the server has them', async () => {
    mockApi({
      [API.methods]: () =>
        ok({
          google: {
            clientId: 'client-1.apps.googleusercontent.com',
            authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
          },
          wallet: true,
          sms: false,
        }),
    });
    const assign = vi.fn();
    const original = window.location.assign.bind(window.location);
    Object.defineProperty(window.location, 'assign', { value: assign, configurable: true });
    try {
      await renderAuthPage(<LoginPage />, {
        path: '/pass/login',
        url: '/pass/login?redirect=/loan',
      });
      const wallet = await screen.findByRole('link', { name: 'Log in with a wallet' });
      expect(wallet.getAttribute('href')).toBe('/pass/wallet?redirect=%2Floan');
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
      expect(assign).toHaveBeenCalledOnce();
      const url = new URL(String(assign.mock.calls[0]?.[0]));
      expect(url.searchParams.get('response_type')).toBe('id_token');
      expect(url.searchParams.get('client_id')).toBe('client-1.apps.googleusercontent.com');
      expect(url.searchParams.get('redirect_uri')).toBe(
        `${window.location.origin}/api/loginCallback/google`,
      );
      const pending = takePendingGoogleSignIn();
      expect(url.searchParams.get('state')).toBe(pending?.state);
      expect(url.searchParams.get('nonce')).toBe(pending?.nonce);
      expect(pending?.returnPath).toBe('/loan');
    } finally {
      Object.defineProperty(window.location, 'assign', { value: original, configurable: true });
    }
  });

  it('hides Google and wallet when the server offers neither', async () => {
    const api = mockApi({ [API.methods]: noMethods });
    await renderAuthPage(<LoginPage />, { path: '/pass/login' });
    await waitFor(() => expect(api.of(API.methods)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in with a wallet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/pass/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/pass/reset',
    );
  });

  it('goes straight on when already logged in', async () => {
    mockApi({ [API.methods]: noMethods });
    session.signIn('tok', USER);
    await renderAuthPage(<LoginPage />, { path: '/pass/login', state: { from: '/help' } });
    expect(screen.getByTestId('location').textContent).toBe('/help');
  });
});
