import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserInfo } from '@swx/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../shared/api/use-api-query';
import { session } from '../../../shared/session/session-store';
import { renderProfile, reply } from '../test/render-profile';
import ProfilePage from './profile-page';

const user: UserInfo = {
  id: 1,
  username: 'amy',
  email: 'amy@example.com',
  areaCode: null,
  phone: null,
  walletAddress: null,
  googleLinked: false,
  hasPassword: true,
  hasWithdrawPassword: false,
  twoFactor: false,
  antiPhishingCode: null,
  kycStatus: 'rejected',
  kycReason: 'The photo is blurred',
  demoEnabled: true,
  inviteCode: 'ABCD2345',
  locale: 'en',
  createdAt: '2026-01-02T03:04:05.000Z',
};

function api(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = String(url).split('?')[0]!;
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected ${path}`);
    return handler();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('account home', () => {
  beforeEach(() => {
    clearQueryCache();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a logged-out visitor to the login page with the way back', async () => {
    await renderProfile(<ProfilePage />, { route: '/profile' });
    expect(screen.getByTestId('location').textContent).toBe('/pass/login?redirect=%2Fprofile');
  });

  it('shows the user, the mode and the KYC state with its reason', async () => {
    session.signIn('tok', { username: 'amy' });
    api({
      '/swx/customer/user/getUserInfo': () => reply(user),
    });
    await renderProfile(<ProfilePage />, { route: '/profile' });
    expect((await screen.findByTestId('username')).textContent).toBe('amy');
    expect(screen.getByText('amy@example.com')).toBeTruthy();
    expect(screen.getByTestId('kyc-status').getAttribute('data-status')).toBe('rejected');
    expect(screen.getByTestId('kyc-reason').textContent).toContain('The photo is blurred');
    expect(screen.getByRole('link', { name: 'Submit again' }).getAttribute('href')).toBe(
      '/profile/kyc',
    );
    expect(screen.getByRole('switch', { name: /Demo account/ })).toBeTruthy();
  });

  it('explains a disabled demo mode instead of offering the switch, and leaves demo', async () => {
    session.signIn('tok', { username: 'amy' });
    session.setMode('demo');
    api({
      '/swx/customer/user/getUserInfo': () => reply({ ...user, demoEnabled: false }),
    });
    await renderProfile(<ProfilePage />, { route: '/profile' });
    expect((await screen.findByTestId('demo-disabled')).textContent).toMatch(
      /Demo mode is turned off/,
    );
    expect(screen.queryByRole('switch')).toBeNull();
    // The switch back to real happens in an effect after the card renders.
    await waitFor(() => expect(session.get().mode).toBe('real'));
  });

  it('shows the demo balance and resets it after a confirmation, with an idempotency key', async () => {
    session.signIn('tok', { username: 'amy' });
    session.setMode('demo');
    const fetchMock = api({
      '/swx/customer/user/getUserInfo': () => reply(user),
      '/swx/customer/user/accountSummary': () =>
        reply({ mode: 'demo', balances: [{ asset: 'USDT', available: '512.5', frozen: '0' }] }),
      '/swx/customer/user/resetDemo': () =>
        reply({ balances: [{ asset: 'USDT', available: '100000', frozen: '0' }] }),
    });
    await renderProfile(<ProfilePage />, { route: '/profile' });
    await waitFor(() =>
      expect(screen.getByTestId('demo-balances').textContent).toContain('512.50'),
    );

    fireEvent.click(screen.getByTestId('reset-demo'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/resetDemo'))).toBe(false);
    fireEvent.click(await screen.findByTestId('reset-demo-confirm'));

    await waitFor(() =>
      expect(screen.getByTestId('demo-balances').textContent).toContain('100,000.00'),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/resetDemo'));
    const headers = call?.[1]?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['X-Account-Mode']).toBe('demo');
  });
});
