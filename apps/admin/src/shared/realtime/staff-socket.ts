import { type ClientMessage, ServerMessage, SupportEvent } from '@swx/contract';

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

export interface StaffSocketOptions {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  /** The staff session token; without one the socket stays closed. */
  token: () => string | null;
  /** 0 <= random() < 1; injectable so tests get a fixed jitter. */
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A `ping` this often while open, so proxies do not drop a quiet socket; 0 for none. */
  pingMs?: number;
  /** How long a socket nobody listens to stays open (a remounted page listens again at once). */
  idleCloseMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

export type SupportListener = (event: SupportEvent) => void;
/** The server accepted (true) or refused (false) the token; after a reconnect, events may have been missed. */
export type AuthListener = (ok: boolean) => void;

const OPEN = 1;

/**
 * The back office's one socket to `/ws`: open while something listens and a token is stored,
 * authenticated with the staff session token, reopened after a drop with exponential backoff and
 * jitter. Staff of the support and admin roles receive every conversation's `support` events.
 */
export class StaffSocket {
  private socket: SocketLike | null = null;
  private readonly supportListeners = new Set<SupportListener>();
  private readonly authListeners = new Set<AuthListener>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly options: Required<StaffSocketOptions>;

  constructor(options: StaffSocketOptions) {
    this.options = {
      random: Math.random,
      baseDelayMs: 1_000,
      maxDelayMs: 30_000,
      pingMs: 25_000,
      idleCloseMs: 2_000,
      log: (message, detail) => console.warn(`[staff socket] ${message}`, detail ?? ''),
      ...options,
    };
  }

  /** Support events of every conversation; the returned function stops them. */
  onSupport(listener: SupportListener): () => void {
    this.supportListeners.add(listener);
    this.update();
    return () => {
      this.supportListeners.delete(listener);
      this.update();
    };
  }

  /** Told each time the server answers `auth`; does not by itself keep the socket open. */
  onAuth(listener: AuthListener): () => void {
    this.authListeners.add(listener);
    return () => this.authListeners.delete(listener);
  }

  /** The typing indicator for a conversation; dropped while offline (it is only a hint). */
  typing(conversationId: number, on: boolean): void {
    this.send({ op: 'typing', on, conversationId });
  }

  /** The stored token changed (sign-in, sign-out, another tab): start over with it. */
  tokenChanged(): void {
    this.close();
    this.attempt = 0;
    this.update();
  }

  isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Stops everything (tests, page unload). */
  dispose(): void {
    this.supportListeners.clear();
    this.authListeners.clear();
    this.close();
  }

  /** The delay before reconnect attempt n (0-based): half fixed, half random, capped. */
  backoffDelay(attempt: number): number {
    const { baseDelayMs, maxDelayMs, random } = this.options;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 16));
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  }

  private wanted(): boolean {
    return this.supportListeners.size > 0 && Boolean(this.options.token());
  }

  /** Opens the socket when it is wanted; closes it without a token, or after a while unused. */
  private update() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (!this.options.token()) {
      this.close();
      return;
    }
    if (this.wanted()) {
      if (!this.socket && !this.reconnectTimer) this.connect();
      return;
    }
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.wanted()) this.close();
    }, this.options.idleCloseMs);
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
      this.startPing();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = (event) => this.options.log('socket error', event.type);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
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

  private close() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.reconnectTimer = null;
    this.idleTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'done');
    }
  }

  private startPing() {
    this.stopPing();
    if (this.options.pingMs > 0) {
      this.pingTimer = setInterval(() => this.send({ op: 'ping' }), this.options.pingMs);
    }
  }

  private stopPing() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private send(message: ClientMessage) {
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
      case 'authed':
        if (!message.ok) this.options.log('the server refused the staff token');
        for (const listener of [...this.authListeners]) listener(message.ok);
        break;
      case 'support': {
        const event = SupportEvent.safeParse(message.data);
        if (!event.success) {
          this.options.log('support event outside the contract', event.error.issues);
          return;
        }
        for (const listener of [...this.supportListeners]) listener(event.data);
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
