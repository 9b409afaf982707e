import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserEventType } from '@swx/contract';
import { RealtimeClient, type SocketLike } from './realtime-client';

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

function setup(token: string | null = null, clock = { now: 0 }) {
  const sockets: FakeSocket[] = [];
  const log = vi.fn();
  let currentToken = token;
  const client = new RealtimeClient({
    url: () => 'ws://app.test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    token: () => currentToken,
    random: () => 0.5,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    idleCloseMs: 5_000,
    log,
    now: () => clock.now,
  });
  const last = () => sockets.at(-1)!;
  return { client, sockets, last, log, setToken: (t: string | null) => (currentToken = t) };
}

const tick = (code: string, price = '1.5') => ({
  type: 'tick',
  code,
  price,
  zdf: '0.12',
  ts: '2026-01-01T00:00:00.000Z',
});

describe('realtime client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one socket for all subscribers and subscribes each code once', () => {
    const { client, sockets, last } = setup();
    client.subscribe(['BTC', 'ETH'], () => {});
    client.subscribe(['BTC'], () => {});
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://app.test/ws');
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', codes: ['BTC', 'ETH'] }]);

    client.subscribe(['ETH', 'SOL'], () => {});
    expect(last().sent.at(-1)).toEqual({ op: 'sub', codes: ['SOL'] });
  });

  it('unsubscribes a code only when its last subscriber leaves', () => {
    const { client, last } = setup();
    const a = client.subscribe(['BTC', 'ETH'], () => {});
    const b = client.subscribe(['BTC'], () => {});
    last().open();
    last().sent.length = 0;

    a();
    expect(last().sent).toEqual([{ op: 'unsub', codes: ['ETH'] }]);
    a();
    expect(last().sent).toHaveLength(1);
    b();
    expect(last().sent.at(-1)).toEqual({ op: 'unsub', codes: ['BTC'] });
    expect(client.subscribedCodes()).toEqual([]);
  });

  it('delivers ticks to the subscribers of their code only', () => {
    const { client, last } = setup();
    const btc = vi.fn();
    const eth = vi.fn();
    client.subscribe(['BTC'], btc);
    client.subscribe(['ETH'], eth);
    last().open();
    last().receive(tick('BTC', '65000.12'));
    expect(btc).toHaveBeenCalledWith(expect.objectContaining({ code: 'BTC', price: '65000.12' }));
    expect(eth).not.toHaveBeenCalled();
  });

  it('drops messages outside the contract and only logs them', () => {
    const { client, last, log } = setup();
    const listener = vi.fn();
    client.subscribe(['BTC'], listener);
    last().open();
    last().receive({ type: 'tick', code: 'BTC', price: 1.5 });
    last().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(listener).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('authenticates after connecting when a token is stored', () => {
    const { client, last } = setup('tok');
    client.subscribe(['BTC'], () => {});
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'sub', codes: ['BTC'] },
    ]);
  });

  it('delivers every kind of user event, support included', () => {
    const { client, last } = setup('tok');
    const seen: string[] = [];
    client.onUserEvent((event) => seen.push(event.type));
    last().open();
    // Every type the contract names (a new one must reach the listeners too).
    for (const type of UserEventType.options) last().receive({ type, data: {} });
    expect(seen).toEqual([...UserEventType.options]);
  });

  it('sends the typing indicator on an open socket and drops it while offline', () => {
    const { client, last } = setup('tok');
    client.onUserEvent(() => {});
    client.typing(true);
    last().open();
    client.typing(true);
    client.typing(false);
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'typing', on: true },
      { op: 'typing', on: false },
    ]);
  });

  it('reconnects with growing, jittered delays and resubscribes everything', () => {
    const { client, sockets, last, log } = setup('tok');
    client.subscribe(['BTC', 'ETH'], () => {});
    client.subscribe(['SOL'], () => {});
    last().open();
    last().onerror?.(new Event('error'));
    expect(log).toHaveBeenCalledWith('socket error', 'error');

    last().drop();
    expect(sockets).toHaveLength(1);
    // attempt 0: ceiling 100 ms, half fixed + half * random(0.5) = 75 ms
    vi.advanceTimersByTime(74);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    // the second attempt fails before opening: ceiling 200 ms -> 150 ms
    last().drop();
    vi.advanceTimersByTime(149);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'sub', codes: ['BTC', 'ETH', 'SOL'] },
    ]);

    // a successful open resets the backoff
    last().drop();
    vi.advanceTimersByTime(75);
    expect(sockets).toHaveLength(4);
  });

  it('caps the backoff and keeps some jitter', () => {
    const { client } = setup();
    expect(client.backoffDelay(0)).toBe(75);
    expect(client.backoffDelay(3)).toBe(600);
    expect(client.backoffDelay(20)).toBe(750);
  });

  it('does not reconnect when nobody listens any more, and closes an idle socket', () => {
    const { client, sockets, last } = setup();
    const off = client.subscribe(['BTC'], () => {});
    last().open();
    off();
    vi.advanceTimersByTime(4_999);
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('keeps the socket when a page resubscribes right after leaving', () => {
    const { client, sockets, last } = setup();
    const off = client.subscribe(['BTC'], () => {});
    last().open();
    off();
    client.subscribe(['BTC'], () => {});
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(last().closed).toBe(false);
    expect(last().sent.at(-1)).toEqual({ op: 'sub', codes: ['BTC'] });
  });

  it('passes user events to user-event listeners and re-authenticates on login', () => {
    const { client, last, setToken } = setup();
    const events = vi.fn();
    client.onUserEvent(events);
    last().open();
    expect(last().sent).toEqual([]);
    setToken('fresh');
    client.reauthenticate();
    expect(last().sent).toEqual([{ op: 'auth', token: 'fresh' }]);
    last().receive({ type: 'balance', data: { asset: 'USDT' } });
    expect(events).toHaveBeenCalledWith({ type: 'balance', data: { asset: 'USDT' } });
  });

  it('asks for a resync each time the socket is authenticated: first, and again after a drop', () => {
    const { client, last } = setup('tok');
    const events = vi.fn();
    const resync = vi.fn();
    client.onUserEvent(events);
    const off = client.onResync(resync);
    last().open();
    expect(resync).not.toHaveBeenCalled();
    // The page's first load may have answered before the socket was authenticated.
    last().receive({ type: 'authed', ok: true });
    expect(resync).toHaveBeenCalledTimes(1);

    // The node behind the socket dies: events sent meanwhile are lost, so listeners reload.
    last().drop();
    vi.advanceTimersByTime(100);
    last().open();
    expect(resync).toHaveBeenCalledTimes(1);
    last().receive({ type: 'authed', ok: false });
    expect(resync).toHaveBeenCalledTimes(1);
    last().receive({ type: 'authed', ok: true });
    expect(resync).toHaveBeenCalledTimes(2);

    off();
    last().drop();
    vi.advanceTimersByTime(100);
    last().open();
    last().receive({ type: 'authed', ok: true });
    expect(resync).toHaveBeenCalledTimes(2);
    expect(events).not.toHaveBeenCalled();
  });

  it('skips only the first resync, when the user had no event since before the page started', () => {
    const clock = { now: 0 };
    const { client, last, setToken } = setup('tok', clock);
    const resync = vi.fn();
    client.onUserEvent(() => undefined);
    client.onResync(resync);
    // The page has run 800 ms: all it loaded came after the server's last event for the user.
    clock.now = 800;
    last().open();
    last().receive({ type: 'authed', ok: true, quietMs: 60_000 });
    expect(resync).not.toHaveBeenCalled();

    // After a drop it reloads however quiet the server says it was: the node that died may have
    // committed a change whose event it never sent.
    clock.now = 10_000;
    last().drop();
    vi.advanceTimersByTime(100);
    last().open();
    last().receive({ type: 'authed', ok: true, quietMs: 60_000 });
    expect(resync).toHaveBeenCalledTimes(1);
    // And after a new login.
    setToken('other');
    client.reauthenticate();
    last().receive({ type: 'authed', ok: true, quietMs: 60_000 });
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('reloads at the first sign-in when the user had an event since the page started', () => {
    for (const [pageAge, quietMs, reloads] of [
      [5_000, 4_500, true], // the event came 0.5 s into the page's life
      [5_000, 6_000, true], // within the margin of a second
      [5_000, 6_001, false],
      [5_000, undefined, true], // a server that does not say (a staff socket, an older server)
    ] as const) {
      const clock = { now: 0 };
      const { client, last } = setup('tok', clock);
      const resync = vi.fn();
      client.onUserEvent(() => undefined);
      client.onResync(resync);
      clock.now = pageAge;
      last().open();
      last().receive({ type: 'authed', ok: true, ...(quietMs === undefined ? {} : { quietMs }) });
      expect(resync, `page ${pageAge} ms old, quiet ${quietMs} ms`).toHaveBeenCalledTimes(
        reloads ? 1 : 0,
      );
      client.dispose();
    }
  });
});
