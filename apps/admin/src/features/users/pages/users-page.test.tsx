// @vitest-environment happy-dom
import type { AdminUserDetail, AdminUserRow, StaffRole } from '@swx/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store';
import { toastStore } from '../../../shared/ui/toast-store';
import { UserDetailPage } from './user-detail-page';
import { UsersPage } from './users-page';

const amy: AdminUserRow = {
  id: 7,
  username: 'amy',
  email: 'amy@example.com',
  phone: '+4915112345678',
  walletAddress: null,
  status: 'active',
  demoEnabled: true,
  kycStatus: 'pending',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const amyDetail: AdminUserDetail = {
  ...amy,
  googleLinked: false,
  inviteCode: 'AMY123',
  invitedBy: { id: 3, username: 'bob' },
  friends: 2,
  locale: 'de',
  activeSessions: 1,
  lastLoginAt: '2026-11-20T08:00:00.000Z',
  failedLoginsLastHour: 4,
  balances: [
    { mode: 'demo', asset: 'USDT', bucket: 'available', balance: '10000.00000000' },
    { mode: 'real', asset: 'USDT', bucket: 'available', balance: '12.50000000' },
    { mode: 'real', asset: 'BTC', bucket: 'frozen', balance: '0.00000000' },
  ],
};

interface Call {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: Call) => unknown;

function envelope(result: unknown): Response {
  return new Response(JSON.stringify({ code: 200, msg: 'ok', result }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs fetch: each request goes to `handler`, whose return value is the envelope's result. */
function serve(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://admin.test'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('authorization'),
      };
      calls.push(call);
      return envelope(handler(call));
    }),
  );
  return calls;
}

function signIn(roles: StaffRole[]) {
  sessionStore.signIn('staff-token', { id: 1, username: 'sam', roles, mustChangePassword: false });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/users', element: <UsersPage /> },
      { path: '/users/:id', element: <UserDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function page(list: AdminUserRow[], total = list.length, pageNo = 1) {
  return { list, total, page: pageNo, pageSize: 50 };
}

beforeEach(() => signIn(['support']));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
  for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
});

describe('customer list', () => {
  it('lists customers and searches by what was typed, keeping it in the address', async () => {
    const calls = serve(({ url }) =>
      url.searchParams.get('q') === 'nobody' ? page([]) : page([amy]),
    );
    const router = renderAt('/users');

    const table = await screen.findByRole('table', { name: 'Customers' });
    const row = (await within(table).findByText('amy')).closest('tr')!;
    expect(within(row).getByText('amy@example.com')).toBeTruthy();
    expect(within(row).getByText('Pending review')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View amy' }).getAttribute('href')).toBe(
      '/users/7',
    );
    expect(calls[0]?.url.pathname).toBe('/swx/admin/users');
    expect(calls[0]?.authorization).toBe('Bearer staff-token');
    expect(calls[0]?.url.searchParams.get('q')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), {
      target: { value: ' nobody ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No customers match “nobody”.')).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('nobody');
    expect(router.state.location.search).toBe('?q=nobody');
  });

  it('pages through the list', async () => {
    const calls = serve(({ url }) =>
      page(
        [{ ...amy, id: Number(url.searchParams.get('page')) }],
        120,
        Number(url.searchParams.get('page')),
      ),
    );
    renderAt('/users');
    expect(await screen.findByText('1–50 of 120')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–100 of 120')).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });
});

describe('customer detail', () => {
  it('shows identity, state, referrals and balances (real first)', async () => {
    serve(() => amyDetail);
    renderAt('/users/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'amy' })).toBeTruthy();
    expect(screen.getByText('AMY123')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/users/3');
    expect(screen.getByText('Failed sign-ins (last hour)').nextElementSibling?.textContent).toBe(
      '4',
    );
    expect(screen.getByTestId('user-sessions').textContent).toBe('1');
    expect(screen.getByTestId('user-demo').textContent).toBe('On');

    const balances = screen.getByRole('table', { name: 'Balances of amy' });
    const rows = within(balances).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-balance'))).toEqual([
      'real:BTC:frozen',
      'real:USDT:available',
      'demo:USDT:available',
    ]);
    // Amounts are shown exactly as sent, never through a float.
    expect(within(rows[1]!).getByText('12.50000000')).toBeTruthy();
  });

  it('disables the account after confirmation and shows the new state', async () => {
    const calls = serve(({ method, body }) =>
      method === 'POST' ? { ...amyDetail, ...(body as object), activeSessions: 0 } : amyDetail,
    );
    renderAt('/users/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Disable user' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('heading', { name: 'Disable amy?' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable user' }));

    expect(await screen.findByRole('button', { name: 'Enable user' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/swx/admin/users/7');
    expect(post?.body).toEqual({ status: 'disabled' });
    expect(screen.getByTestId('user-status').textContent).toBe('Disabled');
    expect(screen.getByTestId('user-sessions').textContent).toBe('0');
    expect(toastStore.getSnapshot().at(-1)?.text).toBe('amy is disabled.');
  });

  it('turns demo mode off after confirmation; cancelling sends nothing', async () => {
    const calls = serve(({ method, body }) =>
      method === 'POST' ? { ...amyDetail, ...(body as object) } : amyDetail,
    );
    renderAt('/users/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Disable demo mode' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Disable demo mode' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByRole('heading', { name: 'Disable demo mode for amy?' }),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable demo mode' }));

    expect(await screen.findByRole('button', { name: 'Enable demo mode' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ demoEnabled: false });
    expect(screen.getByTestId('user-demo').textContent).toBe('Off');
  });

  it('keeps the dialog open when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init: RequestInit = {}) =>
        init.method === 'POST'
          ? new Response(
              JSON.stringify({ code: 10108, msg: 'Not allowed for your roles.', result: null }),
              {
                headers: { 'content-type': 'application/json' },
              },
            )
          : envelope(amyDetail),
      ),
    );
    renderAt('/users/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable user' }));
    const confirm = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Disable user' }));
    });
    await waitFor(() =>
      expect(toastStore.getSnapshot().at(-1)?.text).toBe('Not allowed for your roles.'),
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByTestId('user-status').textContent).toBe('Active');
  });

  it('is read-only for a KYC reviewer', async () => {
    signIn(['kyc']);
    serve(() => amyDetail);
    renderAt('/users/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'amy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable demo mode' })).toBeNull();
    expect(
      screen.getByText('Your roles can view this customer but not change the account.'),
    ).toBeTruthy();
  });

  it('says so when the address names no customer', async () => {
    serve(() => amyDetail);
    renderAt('/users/abc');
    expect(await screen.findByText('This address does not name a customer.')).toBeTruthy();
  });
});
