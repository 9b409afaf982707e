// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socketUrl } from './staff-realtime';
import { type SocketLike, StaffSocket } from './staff-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

function setup(token: string | null = 'staff-token') {
  const sockets: FakeSocket[] = [];
  const log = vi.fn();
  let currentToken = token;
  const client = new StaffSocket({
    url: () => 'ws://admin.test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    token: () => currentToken,
    random: () => 0.5,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    pingMs: 10_000,
    log,
  });
  const last = () => sockets.at(-1)!;
  return { client, sockets, last, log, setToken: (t: string | null) => (currentToken = t) };
}

const supportMessage = {
  type: 'support',
  data: {
    kind: 'message',
    conversationId: 4,
    message: {
      id: 12,
      conversationId: 4,
      author: 'customer',
      staffName: null,
      text: 'Where is my deposit?',
      image: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  },
};

describe('staff socket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds the address from the page: ws under http, wss under https', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:5173' })).toBe('ws://127.0.0.1:5173/ws');
    expect(socketUrl({ protocol: 'https:', host: 'admin.swx.example' })).toBe(
      'wss://admin.swx.example/ws',
    );
  });

  it('connects only while something listens, and authenticates with the staff token', () => {
    const { client, sockets, last } = setup();
    expect(sockets).toHaveLength(0);
    const off = client.onSupport(() => {});
    client.onSupport(() => {});
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://admin.test/ws');
    last().open();
    expect(last().sent).toEqual([{ op: 'auth', token: 'staff-token' }]);
    off();
    vi.advanceTimersByTime(60_000);
    expect(last().closed).toBe(false);
  });

  it('stays closed without a token, and closes when the last listener leaves', () => {
    const signedOut = setup(null);
    signedOut.client.onSupport(() => {});
    expect(signedOut.sockets).toHaveLength(0);

    const { client, sockets, last } = setup();
    const a = client.onSupport(() => {});
    const b = client.onSupport(() => {});
    last().open();
    a();
    b();
    // A page that listens again right away (a remount) keeps the socket.
    vi.advanceTimersByTime(1_000);
    const c = client.onSupport(() => {});
    vi.advanceTimersByTime(5_000);
    expect(last().closed).toBe(false);
    c();
    vi.advanceTimersByTime(1_999);
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last().closed).toBe(true);
    expect(sockets).toHaveLength(1);
  });

  it('passes support events to the listeners, parsed by the contract', () => {
    const { client, last, log } = setup();
    const events = vi.fn();
    client.onSupport(events);
    last().open();
    last().receive(supportMessage);
    expect(events).toHaveBeenCalledWith(supportMessage.data);

    // Other user events, malformed support events and unreadable frames reach no listener.
    last().receive({ type: 'balance', data: { asset: 'USDT' } });
    last().receive({ type: 'support', data: { kind: 'typing', conversationId: 'x' } });
    last().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(events).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('tells auth listeners what the server answered', () => {
    const { client, last } = setup();
    const authed = vi.fn();
    client.onAuth(authed);
    client.onSupport(() => {});
    last().open();
    last().receive({ type: 'authed', ok: true });
    last().receive({ type: 'authed', ok: false });
    expect(authed.mock.calls).toEqual([[true], [false]]);
  });

  it('sends the typing indicator for a conversation on an open socket only', () => {
    const { client, last } = setup();
    client.onSupport(() => {});
    client.typing(4, true);
    last().open();
    client.typing(4, true);
    client.typing(4, false);
    expect(last().sent).toEqual([
      { op: 'auth', token: 'staff-token' },
      { op: 'typing', on: true, conversationId: 4 },
      { op: 'typing', on: false, conversationId: 4 },
    ]);
  });

  it('pings while open and stops when closed', () => {
    const { client, last } = setup();
    const off = client.onSupport(() => {});
    last().open();
    vi.advanceTimersByTime(20_000);
    expect(last().sent.filter((m) => (m as { op: string }).op === 'ping')).toHaveLength(2);
    off();
    vi.advanceTimersByTime(2_000);
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(last().sent.filter((m) => (m as { op: string }).op === 'ping')).toHaveLength(2);
  });

  it('reconnects with growing, jittered delays and authenticates again', () => {
    const { client, sockets, last } = setup();
    client.onSupport(() => {});
    last().open();

    last().drop();
    // attempt 0: ceiling 100 ms, half fixed + half * random(0.5) = 75 ms
    vi.advanceTimersByTime(74);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    // fails before opening: ceiling 200 ms -> 150 ms
    last().drop();
    vi.advanceTimersByTime(149);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    last().open();
    expect(last().sent).toEqual([{ op: 'auth', token: 'staff-token' }]);
    // An open socket resets the backoff.
    last().drop();
    vi.advanceTimersByTime(75);
    expect(sockets).toHaveLength(4);
  });

  it('caps the backoff', () => {
    const { client } = setup();
    expect(client.backoffDelay(0)).toBe(75);
    expect(client.backoffDelay(3)).toBe(600);
    expect(client.backoffDelay(30)).toBe(750);
  });

  it('follows the session: closes on sign-out, reconnects with a new token', () => {
    const { client, sockets, last, setToken } = setup();
    client.onSupport(() => {});
    last().open();

    setToken(null);
    client.tokenChanged();
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    setToken('next-token');
    client.tokenChanged();
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ op: 'auth', token: 'next-token' }]);
  });

  it('does not reconnect after being disposed', () => {
    const { client, sockets, last } = setup();
    client.onSupport(() => {});
    last().open();
    client.dispose();
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
