import {
  ServerMessage,
  type ClientMessage,
  type TickMessage,
  type TopicMessage,
  type UserEventMessage,
} from '@swx/contract';

/** The part of the browser's WebSocket the client uses (a fake one stands in for it in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeOptions {
  url: () => string;
  createSocket: SocketFactory;
  token: () => string | null;
  /** 0 <= random() < 1; injectable so tests get a fixed jitter. */
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long an unused socket stays open (a page change often resubscribes at once). */
  idleCloseMs?: number;
  log?: (message: string, detail?: unknown) => void;
  /** Milliseconds since the page started (performance.now); injectable for tests. */
  now?: () => number;
}

const OPEN = 1;
/** What a server's quiet time must exceed the page's age by before the first resync is skipped. */
const QUIET_MARGIN_MS = 1_000;

type TickListener = (tick: TickMessage) => void;
type UserListener = (event: UserEventMessage) => void;

/**
 * One WebSocket per tab to `/ws`. Subscriptions are reference-counted per code: the server hears
 * `sub` only when the first subscriber of a code arrives and `unsub` when the last one leaves.
 * After a reconnect (exponential backoff with jitter) the client authenticates again and
 * resubscribes every code; each time the server confirms the session, resync listeners hear that
 * user events may have been missed before (the page's first load raced the socket, a node
 * restarted, the network dropped) and reload what they show. Socket errors are only logged.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly refs = new Map<string, number>();
  private readonly tickListeners = new Map<string, Set<TickListener>>();
  private readonly topicListeners = new Map<string, Set<(message: TopicMessage) => void>>();
  private readonly userListeners = new Set<UserListener>();
  private readonly resyncListeners = new Set<() => void>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** No socket of this page has been signed in yet: all it shows was loaded since it started. */
  private firstSignIn = true;
  private readonly options: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions) {
    this.options = {
      random: Math.random,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      idleCloseMs: 10_000,
      log: (message, detail) => console.warn(`[realtime] ${message}`, detail ?? ''),
      now: () => performance.now(),
      ...options,
    };
  }

  /** Codes with at least one subscriber, in subscription order. */
  subscribedCodes(): string[] {
    return [...this.refs.keys()];
  }

  subscribe(codes: readonly string[], listener: TickListener): () => void {
    const unique = [...new Set(codes)];
    const added: string[] = [];
    for (const code of unique) {
      const count = this.refs.get(code) ?? 0;
      this.refs.set(code, count + 1);
      if (count === 0) added.push(code);
      let set = this.tickListeners.get(code);
      if (!set) this.tickListeners.set(code, (set = new Set()));
      set.add(listener);
    }
    this.ensureConnected();
    if (added.length > 0) this.send({ op: 'sub', codes: added });

    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const removed: string[] = [];
      for (const code of unique) {
        this.tickListeners.get(code)?.delete(listener);
        const count = (this.refs.get(code) ?? 1) - 1;
        if (count <= 0) {
          this.refs.delete(code);
          this.tickListeners.delete(code);
          removed.push(code);
        } else {
          this.refs.set(code, count);
        }
      }
      if (removed.length > 0) this.send({ op: 'unsub', codes: removed });
      this.closeIfIdle();
    };
  }

  /** Public events about one thing (`nft:12`), on the same subscription as a tick code. */
  subscribeTopic(code: string, listener: (message: TopicMessage) => void): () => void {
    let set = this.topicListeners.get(code);
    if (!set) this.topicListeners.set(code, (set = new Set()));
    set.add(listener);
    const unsubscribe = this.subscribe([code], () => undefined);
    return () => {
      this.topicListeners.get(code)?.delete(listener);
      if (this.topicListeners.get(code)?.size === 0) this.topicListeners.delete(code);
      unsubscribe();
    };
  }

  onUserEvent(listener: UserListener): () => void {
    this.userListeners.add(listener);
    this.ensureConnected();
    return () => {
      this.userListeners.delete(listener);
      this.closeIfIdle();
    };
  }

  /**
   * Called each time the socket is authenticated (the first time, a reconnect or a new login):
   * user events sent before that never arrive, so what depends on them loads afresh. The first
   * time matters too: a page's first load can answer before its socket is authenticated, and an
   * answer written in between would otherwise never show. Only that first time, it is not called
   * when the server says the user had had no event since before the page started (`quietMs`):
   * nothing was missed, and every page's first load is not made twice. After a drop it always is:
   * a node that died may have committed a change whose event it never sent.
   */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => {
      this.resyncListeners.delete(listener);
    };
  }

  /** Support's typing indicator: the customer is (or stopped) typing. Dropped while offline. */
  typing(on: boolean): void {
    this.send({ op: 'typing', on });
  }

  /** The stored token changed (login or logout): authenticate the open socket again. */
  reauthenticate(): void {
    const token = this.options.token();
    if (token) this.send({ op: 'auth', token });
    else if (this.socket) this.reconnectNow();
  }

  /** Stops everything (tests, page unload). */
  dispose(): void {
    this.clearTimers();
    this.refs.clear();
    this.tickListeners.clear();
    this.userListeners.clear();
    this.resyncListeners.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'disposed');
    }
  }

  /** The delay before reconnect attempt n (0-based): half fixed, half random, capped. */
  backoffDelay(attempt: number): number {
    const { baseDelayMs, maxDelayMs, random } = this.options;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 16));
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  }

  private wanted(): boolean {
    return this.refs.size > 0 || this.userListeners.size > 0;
  }

  private ensureConnected() {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    if (this.socket || this.reconnectTimer) return;
    this.connect();
  }

  private connect() {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch (error) {
      this.options.log('could not open the socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      const token = this.options.token();
      if (token) this.send({ op: 'auth', token });
      const codes = this.subscribedCodes();
      if (codes.length > 0) this.send({ op: 'sub', codes });
    };
    // A socket already replaced (a logout, a new login) says nothing more: its "authed" would
    // resync the new session's screens with the old session's view.
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = (event) => this.options.log('socket error', event.type);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.wanted()) this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.reconnectTimer) return;
    const delay = this.backoffDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted() && !this.socket) this.connect();
    }, delay);
  }

  private reconnectNow() {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'reconnect');
    }
    if (this.wanted()) this.connect();
  }

  private closeIfIdle() {
    if (this.wanted() || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.wanted()) return;
      this.clearTimers();
      const socket = this.socket;
      this.socket = null;
      if (socket) {
        socket.onclose = null;
        socket.close(1000, 'idle');
      }
    }, this.options.idleCloseMs);
  }

  private clearTimers() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.reconnectTimer = null;
    this.idleTimer = null;
  }

  private send(message: ClientMessage) {
    // Not open yet: onopen sends auth and the full subscription list, so nothing is lost.
    if (this.socket?.readyState !== OPEN) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch (error) {
      this.options.log('send failed', error);
    }
  }

  private receive(data: unknown) {
    let json: unknown;
    try {
      json = JSON.parse(typeof data === 'string' ? data : '');
    } catch {
      this.options.log('unreadable message');
      return;
    }
    const parsed = ServerMessage.safeParse(json);
    if (!parsed.success) {
      this.options.log('message outside the contract', parsed.error.issues);
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'tick':
        for (const listener of this.tickListeners.get(message.code) ?? []) listener(message);
        break;
      case 'topic':
        for (const listener of this.topicListeners.get(message.code) ?? []) listener(message);
        break;
      case 'order':
      case 'balance':
      case 'notification':
      case 'funding':
      case 'support':
        for (const listener of this.userListeners) listener(message);
        break;
      case 'authed': {
        if (!message.ok) break;
        const first = this.firstSignIn;
        this.firstSignIn = false;
        const missedNothing =
          first &&
          message.quietMs !== undefined &&
          message.quietMs > this.options.now() + QUIET_MARGIN_MS;
        if (missedNothing) break;
        for (const listener of [...this.resyncListeners]) listener();
        break;
      }
      case 'error':
        this.options.log(`server error ${message.code}`, message.msg);
        break;
      default:
        break;
    }
  }
}
