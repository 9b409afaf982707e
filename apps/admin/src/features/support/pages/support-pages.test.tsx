// @vitest-environment happy-dom
import type { StaffConversation, SupportContext, SupportMessage } from '@swx/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store';
import { toastStore } from '../../../shared/ui/toast-store';
import { SupportNavBadge } from '../components/support-nav-badge';
import { SupportConversationPage } from './support-conversation-page';
import { SupportQueuePage } from './support-queue-page';

/** Stands in for the browser's WebSocket; the tab's one staff socket is made lazily. */
class FakeWebSocket {
  static readonly all: FakeWebSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  support(data: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: JSON.stringify({ type: 'support', data }) }),
    );
  }
}

/** The open socket, once the page has made it. */
async function openSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.all.at(-1)).toBeTruthy());
  const socket = FakeWebSocket.all.at(-1)!;
  if (socket.readyState !== 1) act(() => socket.open());
  return socket;
}

const NOW = Date.now();
const iso = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

const conversation = (over: Partial<StaffConversation> = {}): StaffConversation => ({
  id: 4,
  userId: 9,
  username: 'ada',
  visitorEmail: null,
  visitorName: null,
  locale: 'de',
  status: 'open',
  assignee: null,
  waitingSince: iso(5),
  lastMessageAt: iso(5),
  lastText: 'Where is my deposit?',
  unread: 1,
  staffReadUpTo: 11,
  customerReadUpTo: 11,
  ...over,
});

const message = (id: number, author: SupportMessage['author'], text: string): SupportMessage => ({
  id,
  conversationId: 4,
  author,
  staffName: author === 'staff' ? 'kira' : null,
  text,
  image: null,
  createdAt: iso(60 - id),
});

const context: SupportContext = {
  userId: 9,
  username: 'ada',
  email: 'ada@example.test',
  phone: null,
  registeredAt: '2026-10-01T09:00:00.000Z',
  kyc: 'verified',
  mode: 'demo',
  demoEnabled: true,
  lastOrders: [{ product: 'spot', id: 31, code: 'BTCUSDT', state: 'filled', createdAt: iso(90) }],
  openWithdrawals: [{ id: 5, asset: 'USDT', amount: '250', status: 'pending', createdAt: iso(30) }],
};

interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Reply = { result: unknown } | { code: number; msg: string };

function serve(handler: (call: Call) => Reply | undefined | Promise<Reply | undefined>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://admin.test'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const reply = await handler(call);
      if (!reply) throw new Error(`unexpected ${call.method} ${call.url.pathname}`);
      const body =
        'result' in reply
          ? { code: 200, msg: 'ok', result: reply.result }
          : { code: reply.code, msg: reply.msg, result: null };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const canned = [
  {
    id: 1,
    title: 'Greeting',
    texts: { en: 'Hello, how can I help?', de: 'Hallo, wie kann ich helfen?' },
    updatedAt: '2026-11-01T09:00:00.000Z',
  },
  {
    id: 2,
    title: 'Deposit',
    texts: { en: 'Your deposit is under review.' },
    updatedAt: '2026-11-01T09:00:00.000Z',
  },
];

function conversationServer(
  over: (call: Call) => Reply | undefined | Promise<Reply | undefined> = () => undefined,
) {
  const messages = [
    message(10, 'customer', 'Hello <b>support</b>, see https://evil.test/x'),
    message(11, 'staff', 'Hi Ada'),
    message(12, 'customer', 'line one\nline two'),
  ];
  return serve(async (call) => {
    const custom = await over(call);
    if (custom) return custom;
    const path = call.url.pathname;
    if (path === '/swx/admin/support/conversations/4') {
      return { result: { conversation: conversation(), messages, hasMore: true, context } };
    }
    if (path === '/swx/admin/support/conversations/4/messages') {
      return {
        result: { messages: [message(3, 'customer', 'The first question')], hasMore: false },
      };
    }
    if (path === '/swx/admin/support/conversations/4/read') {
      return {
        result: conversation({ staffReadUpTo: (call.body as { upTo: number }).upTo, unread: 0 }),
      };
    }
    if (path === '/swx/admin/support/canned') return { result: canned };
    if (path === '/swx/admin/support/agents') return { result: [{ id: 2, username: 'kira' }] };
    if (path === '/swx/admin/support/summary')
      return { result: { waiting: 1, unread: 1, mine: 0 } };
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/support', element: <SupportQueuePage /> },
      { path: '/support/:id', element: <SupportConversationPage /> },
      { path: '/users/:id', element: <p>customer page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  FakeWebSocket.all.length = 0;
  vi.stubGlobal('WebSocket', FakeWebSocket);
  sessionStore.signIn('staff-token', {
    id: 2,
    username: 'kira',
    roles: ['support'],
    mustChangePassword: false,
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.clear();
  for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
});

describe('support queue', () => {
  it('lists the waiting conversations with wait, preview, assignee and unread', async () => {
    const calls = serve(({ url }) => {
      if (url.pathname === '/swx/admin/support/summary') {
        return { result: { waiting: 2, unread: 3, mine: 0 } };
      }
      if (url.pathname !== '/swx/admin/support/conversations') return undefined;
      return {
        result: {
          list: [
            conversation({ unread: 3 }),
            conversation({
              id: 5,
              userId: null,
              username: null,
              visitorEmail: 'bo@example.test',
              visitorName: 'Bo',
              locale: 'ja',
              waitingSince: null,
              unread: 0,
              lastText: null,
              assignee: { id: 2, username: 'kira' },
            }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      };
    });
    const router = renderAt('/support');

    const rows = await screen.findAllByTestId('support-row');
    expect(rows.map((r) => r.getAttribute('data-conversation-id'))).toEqual(['4', '5']);
    const queueCall = calls.find((c) => c.url.pathname === '/swx/admin/support/conversations');
    expect(queueCall?.url.searchParams.get('filter')).toBe('waiting');

    const [ada, bo] = rows as [HTMLElement, HTMLElement];
    expect(within(ada).getByText('waiting 5 min')).toBeTruthy();
    expect(within(ada).getByText('German')).toBeTruthy();
    expect(within(ada).getByText('Unassigned')).toBeTruthy();
    expect(within(ada).getByTestId('support-row-unread').textContent).toBe('3');
    expect(within(bo).getByText('Visitor')).toBeTruthy();
    expect(within(bo).getByText('bo@example.test')).toBeTruthy();
    expect(within(bo).getByText('Answered')).toBeTruthy();
    expect(within(bo).getByText('Image')).toBeTruthy();
    expect(within(bo).queryByTestId('support-row-unread')).toBeNull();
    expect(
      await screen.findByText('2', { selector: '[data-testid="support-filter-waiting"] span' }),
    ).toBeTruthy();

    fireEvent.click(within(bo).getByText('Japanese'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/5'));
  });

  it('switches tabs through the address and reloads on socket events', async () => {
    let version = 0;
    const calls = serve(({ url }) => {
      if (url.pathname === '/swx/admin/support/summary') {
        return { result: { waiting: 0, unread: 0, mine: 0 } };
      }
      return {
        result: {
          list: version > 0 ? [conversation()] : [],
          total: version > 0 ? 1 : 0,
          page: 1,
          pageSize: 20,
        },
      };
    });
    const router = renderAt('/support');
    expect(await screen.findByText('Nobody is waiting for an answer.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByTestId('support-filter-mine'));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=mine'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('filter')).toBe('mine'));

    const socket = await openSocket();
    version = 1;
    act(() => socket.support({ kind: 'conversation', conversationId: 4 }));
    expect(await screen.findByTestId('support-row')).toBeTruthy();
  });
});

describe('support conversation', () => {
  it('shows messages as plain text, oldest first, with the read receipt and the context', async () => {
    conversationServer();
    renderAt('/support/4');

    const list = await screen.findAllByTestId('support-message');
    expect(list.map((m) => m.getAttribute('data-author'))).toEqual([
      'customer',
      'staff',
      'customer',
    ]);
    const first = list[0]!;
    // Text is text: no markup, no links.
    expect(first.textContent).toContain('Hello <b>support</b>, see https://evil.test/x');
    expect(first.querySelector('b')).toBeNull();
    expect(first.querySelector('a')).toBeNull();
    expect(list[2]!.querySelector('p')?.textContent).toBe('line one\nline two');
    expect(list[2]!.querySelector('p')?.className).toContain('whitespace-pre-wrap');
    expect(within(list[1]!).getByText('kira')).toBeTruthy();

    // The customer has read up to the staff message: it carries "Read".
    expect(within(list[1]!).getByTestId('support-read').textContent).toContain('Read');
    expect(screen.getAllByTestId('support-read')).toHaveLength(1);

    const panel = screen.getByTestId('support-context');
    expect(within(panel).getByRole('link', { name: 'ada' }).getAttribute('href')).toBe('/users/9');
    expect(within(panel).getByText('ada@example.test')).toBeTruthy();
    expect(within(panel).getByText('Verified')).toBeTruthy();
    expect(within(panel).getByText('Demo account')).toBeTruthy();
    expect(within(panel).getByText('BTCUSDT')).toBeTruthy();
    expect(within(panel).getByText('250 USDT')).toBeTruthy();
  });

  it('marks everything read on load and again for each new customer message', async () => {
    const calls = conversationServer();
    renderAt('/support/4');
    await screen.findAllByTestId('support-message');
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname.endsWith('/read')).map((c) => c.body)).toEqual([
        { upTo: 12 },
      ]),
    );

    const socket = await openSocket();
    act(() =>
      socket.support({
        kind: 'message',
        conversationId: 4,
        message: message(14, 'customer', 'Hello?'),
      }),
    );
    expect(await screen.findByText('Hello?')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname.endsWith('/read')).map((c) => c.body)).toEqual([
        { upTo: 12 },
        { upTo: 14 },
      ]),
    );
    // Another conversation's message is not shown here.
    act(() =>
      socket.support({
        kind: 'message',
        conversationId: 99,
        message: { ...message(15, 'customer', 'Elsewhere'), conversationId: 99 },
      }),
    );
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });

  it('loads older messages above the first', async () => {
    const calls = conversationServer();
    renderAt('/support/4');
    fireEvent.click(await screen.findByTestId('support-load-older'));
    expect(await screen.findByText('The first question')).toBeTruthy();
    expect(
      calls.find((c) => c.url.pathname.endsWith('/messages'))?.url.searchParams.get('before'),
    ).toBe('10');
    expect(screen.queryByTestId('support-load-older')).toBeNull();
    expect(screen.getAllByTestId('support-message')[0]?.textContent).toContain(
      'The first question',
    );
  });

  it('shows the customer typing until they stop or 6 seconds pass', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    conversationServer();
    renderAt('/support/4');
    await screen.findAllByTestId('support-message');
    const socket = await openSocket();

    act(() => socket.support({ kind: 'typing', conversationId: 4, by: 'customer', on: true }));
    expect(screen.getByTestId('support-typing').textContent).toBe('ada is typing…');
    act(() => socket.support({ kind: 'typing', conversationId: 4, by: 'customer', on: false }));
    expect(screen.queryByTestId('support-typing')).toBeNull();

    // Staff typing (a colleague) is not the customer typing.
    act(() => socket.support({ kind: 'typing', conversationId: 4, by: 'staff', on: true }));
    expect(screen.queryByTestId('support-typing')).toBeNull();

    act(() => socket.support({ kind: 'typing', conversationId: 4, by: 'customer', on: true }));
    act(() => void vi.advanceTimersByTime(5_900));
    expect(screen.getByTestId('support-typing')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('support-typing')).toBeNull();
  });

  it('inserts a canned reply in the customer language, else English, and sends with Enter', async () => {
    const calls = conversationServer(({ method, url }) =>
      method === 'POST' && url.pathname.endsWith('/send')
        ? { result: message(13, 'staff', 'sent') }
        : undefined,
    );
    renderAt('/support/4');
    const composer = await screen.findByTestId<HTMLTextAreaElement>('support-composer');
    const picker = screen.getByTestId<HTMLSelectElement>('support-canned');
    await waitFor(() => expect(picker.disabled).toBe(false));

    fireEvent.change(picker, { target: { value: '1' } });
    expect(composer.value).toBe('Hallo, wie kann ich helfen?');
    fireEvent.change(picker, { target: { value: '2' } });
    expect(composer.value).toBe('Hallo, wie kann ich helfen?\nYour deposit is under review.');
    expect(picker.value).toBe('');

    const socket = await openSocket();
    fireEvent.change(composer, { target: { value: 'Hallo Ada' } });
    expect(socket.sent).toContainEqual({ op: 'typing', on: true, conversationId: 4 });

    // Shift+Enter is a new line, Enter sends.
    fireEvent.keyDown(composer, { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.url.pathname.endsWith('/send'))).toBe(false);
    fireEvent.keyDown(composer, { key: 'Enter' });
    await waitFor(() => expect(composer.value).toBe(''));
    const sent = calls.find((c) => c.url.pathname.endsWith('/send'))!;
    expect(sent.body).toEqual({ text: 'Hallo Ada' });
    expect(sent.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_:-]{8,128}$/);
    expect(socket.sent.at(-1)).toEqual({ op: 'typing', on: false, conversationId: 4 });
    expect(await screen.findByText('sent')).toBeTruthy();
    expect(screen.getByText('0 / 2000')).toBeTruthy();
  });

  it('says so when the conversation was closed meanwhile (10167)', async () => {
    let closed = false;
    conversationServer(({ method, url }) => {
      if (method === 'POST' && url.pathname.endsWith('/send')) {
        closed = true;
        return { code: 10167, msg: 'This conversation is closed.' };
      }
      if (closed && url.pathname === '/swx/admin/support/conversations/4') {
        return {
          result: {
            conversation: conversation({ status: 'closed' }),
            messages: [],
            hasMore: false,
            context,
          },
        };
      }
      return undefined;
    });
    renderAt('/support/4');
    const composer = await screen.findByTestId('support-composer');
    fireEvent.change(composer, { target: { value: 'Are you there?' } });
    fireEvent.click(screen.getByTestId('support-send'));

    expect((await screen.findByTestId('support-send-error')).textContent).toBe(
      'This conversation is closed.',
    );
    expect(await screen.findByTestId('support-reopen')).toBeTruthy();
    expect(screen.getByTestId<HTMLTextAreaElement>('support-composer').disabled).toBe(true);
  });

  it('assigns, closes and reopens', async () => {
    // The read receipt the page sends on opening is answered only after the assignment, with the
    // conversation as it was before it (the server read it first).
    let releaseRead = () => {};
    const readHeld = new Promise<void>((resolve) => (releaseRead = resolve));
    let readAnswered = false;
    const calls = conversationServer(async ({ method, url, body }) => {
      if (method !== 'POST') return undefined;
      if (url.pathname.endsWith('/read')) {
        await readHeld;
        readAnswered = true;
        return { result: conversation({ staffReadUpTo: 12, unread: 0 }) };
      }
      if (url.pathname.endsWith('/assign')) {
        const staffId = (body as { staffId?: number | null }).staffId;
        return {
          result: conversation({
            assignee: staffId === null ? null : { id: 2, username: 'kira' },
          }),
        };
      }
      if (url.pathname.endsWith('/close')) return { result: conversation({ status: 'closed' }) };
      if (url.pathname.endsWith('/reopen')) return { result: conversation() };
      return undefined;
    });
    renderAt('/support/4');

    fireEvent.click(await screen.findByTestId('support-assign-self'));
    await waitFor(() => expect(screen.queryByTestId('support-assign-self')).toBeNull());
    expect(calls.find((c) => c.url.pathname.endsWith('/assign'))?.body).toEqual({});
    expect(screen.getByTestId<HTMLSelectElement>('support-assign').value).toBe('2');
    // The late read reply moves the read pointer only: the assignment stays.
    expect(calls.some((c) => c.url.pathname.endsWith('/read'))).toBe(true);
    releaseRead();
    await waitFor(() => expect(readAnswered).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('support-assign-self')).toBeNull();
    expect(screen.getByTestId<HTMLSelectElement>('support-assign').value).toBe('2');

    fireEvent.change(screen.getByTestId('support-assign'), { target: { value: '' } });
    await screen.findByTestId('support-assign-self');
    expect(calls.filter((c) => c.url.pathname.endsWith('/assign')).at(-1)?.body).toEqual({
      staffId: null,
    });

    fireEvent.click(screen.getByTestId('support-close'));
    fireEvent.click(await screen.findByTestId('support-reopen'));
    expect(await screen.findByTestId('support-close')).toBeTruthy();
  });

  it('shows a visitor’s address instead of an account', async () => {
    conversationServer(({ url }) =>
      url.pathname === '/swx/admin/support/conversations/4'
        ? {
            result: {
              conversation: conversation({
                userId: null,
                username: null,
                visitorEmail: 'bo@example.test',
                visitorName: null,
              }),
              messages: [message(10, 'visitor', 'Can I open an account from Spain?')],
              hasMore: false,
              context: null,
            },
          }
        : undefined,
    );
    renderAt('/support/4');
    const panel = await screen.findByTestId('support-context');
    expect(within(panel).getByTestId('support-context-visitor-email').textContent).toBe(
      'bo@example.test',
    );
    expect(screen.getAllByTestId('support-message')[0]?.getAttribute('data-author')).toBe(
      'visitor',
    );
    // Visitors are answered by email: no image button.
    expect(screen.queryByTestId('support-image-input')).toBeNull();
  });
});

describe('sidebar badge', () => {
  it('shows unread customer messages, follows socket events and hides at 0', async () => {
    let unread = 2;
    serve(() => ({ result: { waiting: 1, unread, mine: 0 } }));
    render(<SupportNavBadge />);
    expect((await screen.findByTestId('support-badge')).textContent).toBe('2');

    const socket = await openSocket();
    unread = 0;
    act(() => socket.support({ kind: 'read', conversationId: 4, by: 'staff', upTo: 12 }));
    await waitFor(() => expect(screen.queryByTestId('support-badge')).toBeNull());
  });
});
