import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../shared/ui/toast-store';
import { API, fail, mockApi, ok, renderAuthPage } from '../test/render-auth';
import ResetPage from './reset-page';

function field(label: string | RegExp) {
  return screen.getByLabelText(label, { selector: 'input' });
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

describe('password reset page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form inline first', async () => {
    const api = mockApi({});
    await renderAuthPage(<ResetPage />, { path: '/pass/reset' });
    submit();
    for (const message of [
      'Please enter your email address.',
      'Please send a verification code first.',
      'Please enter your password.',
      'Please enter the password again to confirm it.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(api.calls).toHaveLength(0);
  });

  it('sends a reset code, changes the password and goes to login with a toast', async () => {
    const api = mockApi({
      [API.sendCode]: () => ok({ resendAfter: 60, expiresIn: 600 }),
      [API.repassword]: () => ok(null),
    });
    await renderAuthPage(<ResetPage />, { path: '/pass/reset' });
    fill('Email address', 'amy@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/We sent a 6-digit code to/);
    expect(api.of(API.sendCode)[0]?.body).toEqual({
      purpose: 'reset',
      channel: 'email',
      email: 'amy@example.com',
    });

    fill('Verification code', '123456');
    fill('New password', 'a new secret');
    fill('Confirm new password', 'a new secret!');
    submit();
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(api.of(API.repassword)).toHaveLength(0);

    fill('Confirm new password', 'a new secret');
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/pass/login');
    expect(api.of(API.repassword)[0]?.body).toEqual({
      type: 'reset',
      code: '123456',
      password: 'a new secret',
      confirmPassword: 'a new secret',
      channel: 'email',
      email: 'amy@example.com',
    });
    expect(toast.items().at(-1)).toMatchObject({
      kind: 'success',
      message: 'Your password has been changed. Please log in with your new password.',
    });
  });

  it('shows an unknown address next to the address field', async () => {
    mockApi({ [API.sendCode]: () => fail(10009, 404) });
    await renderAuthPage(<ResetPage />, { path: '/pass/reset' });
    fill('Email address', 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('User not found.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Email address')));
    // No code went out, so there is nothing to count down.
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('keeps the wait after "do not resend repeatedly"', async () => {
    mockApi({ [API.sendCode]: () => fail(10089, 429) });
    await renderAuthPage(<ResetPage />, { path: '/pass/reset' });
    fill('Email address', 'amy@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('A code was sent recently. Please wait before requesting another.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();
  });
});
