import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../shared/api/use-api-query';
import { session } from '../../../shared/session/session-store';
import { rememberedInvite } from '../invite-code';
import { API, fail, mockApi, ok, renderAuthPage, USER } from '../test/render-auth';
import RegisterPage from './register-page';

const noMethods = () => ok({ google: null, wallet: false, sms: false });

function field(label: string | RegExp) {
  return screen.getByLabelText(label, { selector: 'input' });
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

async function open(url = '/pass/register') {
  return renderAuthPage(<RegisterPage />, { path: '/pass/register', url, device: 'mobile' });
}

describe('register page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    session.reload();
    clearQueryCache();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows every applicable rule of spec §5 inline before sending anything', async () => {
    const api = mockApi({ [API.methods]: noMethods });
    await open();
    submit();
    for (const message of [
      'Please enter your email address.',
      'Please enter a username.',
      'Please enter your password.',
      'Please enter the password again to confirm it.',
      'Please send a verification code first.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(field('Email address')));

    fill('Email address', 'amy@');
    fill('Username', '1a');
    fill('Password', 'short');
    fill('Confirm password', 'other');
    expect(
      screen.getByText('Please enter a valid email address, such as name@example.com.'),
    ).toBeTruthy();
    expect(
      screen.getAllByText(
        'Use 3 to 20 characters: letters, digits or underscores, starting with a letter.',
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();

    fill('Confirm password', 'short');
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
    expect(api.of(API.register)).toHaveLength(0);
    expect(api.of(API.sendCode)).toHaveLength(0);
  });

  it('does not send a code to an address that is not valid', async () => {
    const api = mockApi({ [API.methods]: noMethods });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    fill('Email address', 'amy');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('Please enter a valid email address, such as name@example.com.'),
    ).toBeTruthy();
    expect(api.of(API.sendCode)).toHaveLength(0);
  });

  it('sends a code, counts down the wait, and registers with it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const api = mockApi({
      [API.methods]: noMethods,
      [API.sendCode]: () => ok({ resendAfter: 60, expiresIn: 600 }),
      [API.register]: () => ok({ token: 'tok-new', user: USER }),
    });
    await open('/pass/register?invite=abcd2345');
    expect((field('Invite code (optional)') as HTMLInputElement).value).toBe('abcd2345');
    expect(rememberedInvite()).toBe('ABCD2345');

    fill('Email address', 'Amy@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(
        'We sent a 6-digit code to \u2068Amy@Example.com\u2069. It is valid for 10 minutes.',
      ),
    ).toBeTruthy();
    expect(api.of(API.sendCode)[0]?.body).toEqual({
      purpose: 'register',
      channel: 'email',
      email: 'Amy@Example.com',
    });
    const resend = screen.getByRole('button', { name: 'Resend in 60 s' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(field('Verification code'));
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.getByRole('button', { name: 'Resend in 45 s' })).toBeTruthy();

    fill('Username', 'amy');
    fill('Password', 'correct horse');
    fill('Confirm password', 'correct horse');
    fill('Verification code', '123456');
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(api.of(API.register)[0]?.body).toEqual({
      username: 'amy',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      code: '123456',
      inviteCode: 'abcd2345',
      locale: 'en',
      channel: 'email',
      email: 'Amy@Example.com',
    });
    expect(session.get().token).toBe('tok-new');
  });

  it('takes the invite code from ?code= too', async () => {
    mockApi({ [API.methods]: noMethods });
    await open('/pass/register?code=WXYZ6789');
    expect((field('Invite code (optional)') as HTMLInputElement).value).toBe('WXYZ6789');
  });

  it('registers by phone with the calling code', async () => {
    const api = mockApi({
      [API.methods]: noMethods,
      [API.sendCode]: () => ok({ resendAfter: 60, expiresIn: 600 }),
      [API.register]: () => ok({ token: 'tok-phone', user: USER }),
    });
    await open();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Mobile number' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
    fireEvent.click(screen.getByRole('button', { name: /Country code/ }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'china' } });
    fireEvent.click(screen.getByRole('dialog').querySelector('[data-country="CN"]')!);
    fill('Mobile number', '138 0013 8000');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/We sent a 6-digit code to/);
    expect(api.of(API.sendCode)[0]?.body).toEqual({
      purpose: 'register',
      channel: 'phone',
      areaCode: '86',
      phone: '13800138000',
    });
    fill('Username', 'li_wei');
    fill('Password', 'correct horse');
    fill('Confirm password', 'correct horse');
    fill('Verification code', '654321');
    submit();
    await screen.findByTestId('location');
    expect(api.of(API.register)[0]?.body).toMatchObject({
      channel: 'phone',
      areaCode: '86',
      phone: '13800138000',
      code: '654321',
    });
  });

  it('says a username is taken when the field is left', async () => {
    const api = mockApi({
      [API.methods]: noMethods,
      [API.check]: () => ok({ available: false }),
    });
    await open();
    fill('Username', 'amy');
    fireEvent.blur(field('Username'));
    expect(await screen.findByText('This username is already taken.')).toBeTruthy();
    expect(Object.fromEntries(api.of(API.check)[0]!.query)).toEqual({
      kind: 'username',
      value: 'amy',
    });
    fill('Username', 'amy2');
    expect(screen.queryByText('This username is already taken.')).toBeNull();
  });

  it('puts a refused code next to the code field', async () => {
    mockApi({
      [API.methods]: noMethods,
      [API.sendCode]: () => ok({ resendAfter: 60, expiresIn: 600 }),
      [API.register]: () => fail(10091),
    });
    await open();
    fill('Email address', 'amy@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/We sent a 6-digit code to/);
    fill('Username', 'amy');
    fill('Password', 'correct horse');
    fill('Confirm password', 'correct horse');
    fill('Verification code', '000000');
    submit();
    expect(await screen.findByText('The verification code is incorrect.')).toBeTruthy();
    expect(field('Verification code').getAttribute('aria-invalid')).toBe('true');
  });

  it('marks an invite code the server does not know', async () => {
    mockApi({
      [API.methods]: noMethods,
      [API.sendCode]: () => ok({ resendAfter: 60, expiresIn: 600 }),
      [API.register]: () => fail(10100),
    });
    await open('/pass/register?invite=ZZZZZZZZ');
    fill('Email address', 'amy@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/We sent a 6-digit code to/);
    fill('Username', 'amy');
    fill('Password', 'correct horse');
    fill('Confirm password', 'correct horse');
    fill('Verification code', '123456');
    submit();
    expect(
      await screen.findByText(
        'This invite code was not accepted. Check it, or leave the field empty.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Invite code (optional)')));
    expect(rememberedInvite()).toBeUndefined();
  });
});
