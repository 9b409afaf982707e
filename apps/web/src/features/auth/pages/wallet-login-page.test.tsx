import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../shared/session/session-store';
import { toHexUtf8 } from '../ethereum-provider';
import { API, fail, mockApi, ok, renderAuthPage, USER } from '../test/render-auth';
import WalletLoginPage from './wallet-login-page';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const MESSAGE = `swx.example wants you to sign in with your Ethereum account:
${ADDRESS}

Sign in to SWX.

URI: https://swx.example
Version: 1
Chain ID: 1
Nonce: abc123def456
Issued At: 2025-06-01T12:00:00.000Z`;
const SIGNATURE = `0x${'ab'.repeat(65)}`;

type Request = { method: string; params?: readonly unknown[] };

/** A wallet that answers like MetaMask; `sign` decides what personal_sign does. */
function fakeWallet(sign: (request: Request) => Promise<unknown> = async () => SIGNATURE) {
  const requests: Request[] = [];
  const provider = {
    request: vi.fn(async (request: Request) => {
      requests.push(request);
      switch (request.method) {
        case 'eth_requestAccounts':
          return [ADDRESS];
        case 'eth_chainId':
          return '0x1';
        case 'personal_sign':
          return sign(request);
        default:
          throw Object.assign(new Error('unsupported'), { code: 4200 });
      }
    }),
  };
  (window as { ethereum?: unknown }).ethereum = provider;
  return requests;
}

const open = () =>
  renderAuthPage(<WalletLoginPage />, { path: '/pass/wallet', url: '/pass/wallet?redirect=/loan' });

describe('wallet login page', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reload();
  });
  afterEach(() => {
    delete (window as { ethereum?: unknown }).ethereum;
    vi.unstubAllGlobals();
  });

  it('without window.ethereum explains how to get a wallet and offers the other ways in', async () => {
    const api = mockApi({});
    await open();
    expect(screen.getByRole('heading', { name: 'No wallet found in this browser' })).toBeTruthy();
    expect(screen.getByText(/install a wallet browser extension/)).toBeTruthy();
    expect(
      screen.getByText(/open this page in the browser built into your wallet app/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in another way' }).getAttribute('href')).toBe(
      '/pass/login?redirect=%2Floan',
    );
    expect(screen.queryByRole('button', { name: 'Connect wallet' })).toBeNull();
    // The promise is on the page whatever happens.
    expect(screen.getByRole('heading', { name: /never a transaction/ })).toBeTruthy();
    expect(screen.getByText(/costs nothing/)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('signs the server message with personal_sign and logs in', async () => {
    const requests = fakeWallet();
    const api = mockApi({
      [API.dappNonce]: () =>
        ok({ message: MESSAGE, nonce: 'abc123def456', expiresAt: '2025-06-01T12:10:00.000Z' }),
      [API.dapp]: () => ok({ token: 'tok-w', user: USER, created: false }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));

    const shown = await screen.findByText(/wants you to sign in with your Ethereum account/);
    expect(shown.textContent).toBe(MESSAGE);
    expect(api.of(API.dappNonce)[0]?.body).toEqual({ address: ADDRESS, chainId: 1 });
    expect(requests.some((r) => r.method === 'personal_sign')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Sign the message and log in' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/loan');
    expect(requests.map((r) => r.method)).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'personal_sign',
    ]);
    expect(requests[2]?.params).toEqual([toHexUtf8(MESSAGE), ADDRESS]);
    expect(api.of(API.dapp)[0]?.body).toEqual({ message: MESSAGE, signature: SIGNATURE });
    expect(session.get().token).toBe('tok-w');
  });

  it('explains a declined signature kindly and lets the user sign again', async () => {
    let declined = false;
    fakeWallet(async () => {
      if (!declined) {
        declined = true;
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      }
      return SIGNATURE;
    });
    const api = mockApi({
      [API.dappNonce]: () =>
        ok({ message: MESSAGE, nonce: 'abc123def456', expiresAt: '2025-06-01T12:10:00.000Z' }),
      [API.dapp]: () => ok({ token: 'tok-w', user: USER, created: true }),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign the message and log in' }));
    expect(
      await screen.findByText(
        /You declined the request in your wallet. Nothing was signed or sent./,
      ),
    ).toBeTruthy();
    expect(api.of(API.dapp)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign the message and log in' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/loan');
    expect(api.of(API.dappNonce)).toHaveLength(1);
  });

  it('explains a declined connection request', async () => {
    (window as { ethereum?: unknown }).ethereum = {
      request: async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
    };
    mockApi({});
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    expect(await screen.findByText(/You declined the request in your wallet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect wallet' })).toBeTruthy();
  });

  it('starts over when the server refuses the signature', async () => {
    fakeWallet();
    mockApi({
      [API.dappNonce]: () =>
        ok({ message: MESSAGE, nonce: 'abc123def456', expiresAt: '2025-06-01T12:10:00.000Z' }),
      [API.dapp]: () => fail(10121, 401),
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign the message and log in' }));
    expect(
      await screen.findByText('The wallet signature could not be verified. Please sign in again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect wallet' })).toBeTruthy();
    expect(session.get().token).toBeNull();
  });
});
