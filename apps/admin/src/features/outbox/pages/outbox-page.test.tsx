// @vitest-environment happy-dom
import type { OutboxMessage } from '@swx/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store';
import { OutboxPage } from './outbox-page';

const code: OutboxMessage = {
  id: 31,
  channel: 'email',
  recipient: 'amy@example.com',
  subject: 'Your verification code',
  body: 'Your code is 482913.\nIt expires in 10 minutes.',
  status: 'outbox',
  error: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

const sms: OutboxMessage = {
  id: 30,
  channel: 'sms',
  recipient: '+4915112345678',
  subject: null,
  body: null,
  status: 'failed',
  error: 'provider timeout',
  createdAt: '2026-11-21T09:00:00.000Z',
};

function serve(list: (q: string | null) => OutboxMessage[]): URL[] {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://admin.test');
      urls.push(url);
      const items = list(url.searchParams.get('q'));
      return new Response(
        JSON.stringify({
          code: 200,
          msg: 'ok',
          result: { list: items, total: items.length, page: 1, pageSize: 50 },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return urls;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/outbox', element: <OutboxPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  sessionStore.signIn('staff-token', {
    id: 3,
    username: 'tess',
    roles: ['support'],
    mustChangePassword: false,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('outbox', () => {
  it('shows each message with its body as sent, its status and its error', async () => {
    serve(() => [code, sms]);
    renderAt('/outbox');

    const table = await screen.findByRole('table', { name: 'Outbox messages' });
    const rows = await within(table).findAllByRole('row');
    const mail = rows.find((r) => r.getAttribute('data-recipient') === 'amy@example.com')!;
    expect(within(mail).getByText('Email')).toBeTruthy();
    expect(within(mail).getByText('Your verification code')).toBeTruthy();
    expect(within(mail).getByTestId('outbox-body').textContent).toBe(code.body);
    expect(within(mail).getByText('In outbox')).toBeTruthy();

    const text = rows.find((r) => r.getAttribute('data-recipient') === '+4915112345678')!;
    expect(within(text).getByText('SMS')).toBeTruthy();
    expect(within(text).getByText('Not kept: delivered by a provider')).toBeTruthy();
    expect(within(text).getByText('Failed')).toBeTruthy();
    expect(within(text).getByText('provider timeout')).toBeTruthy();
  });

  it('searches by recipient and keeps the search in the address', async () => {
    const urls = serve((q) => (q === 'amy' ? [code] : q ? [] : [code, sms]));
    const router = renderAt('/outbox');
    await screen.findByText('provider timeout');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Recipient' }), {
      target: { value: 'amy' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('provider timeout')).toBeNull());
    expect(urls.at(-1)?.pathname).toBe('/swx/admin/outbox');
    expect(urls.at(-1)?.searchParams.get('q')).toBe('amy');
    expect(router.state.location.search).toBe('?q=amy');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Recipient' }), {
      target: { value: 'zed@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('No messages to recipients matching “zed@example.com”.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText('provider timeout')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('refreshes on demand, for a code that is about to arrive', async () => {
    let sent = [sms];
    const urls = serve(() => sent);
    renderAt('/outbox');
    await screen.findByText('provider timeout');
    expect(screen.queryByText('Your verification code')).toBeNull();

    sent = [code, sms];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Your verification code')).toBeTruthy();
    expect(urls).toHaveLength(2);
  });
});
