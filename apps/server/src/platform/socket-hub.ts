import {
  ClientMessage,
  type ServerMessage,
  type TickMessage,
  TopicMessage,
  UserEventType,
} from '@swx/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { parseBearer, resolveSession, type PrincipalKind, type SessionPolicy } from './auth';
import type { EventBus } from './bus';
import type { Executor } from './db';
import type { PrincipalDirectory } from './http';
import { messageFor } from './messages';
import { UserActivity } from './user-activity';

/** Bus channels the hub listens on; every node's hub receives every message. */
export const TICKS_CHANNEL = 'ticks';
export const USER_EVENTS_CHANNEL = 'user-events';
export const TOPICS_CHANNEL = 'topics';
export const STAFF_EVENTS_CHANNEL = 'staff-events';

/** Staff roles whose sockets receive support events. */
const SUPPORT_ROLES = new Set(['support', 'admin']);

const UserEventEnvelope = z.object({
  userId: z.number().int(),
  type: UserEventType,
  data: z.record(z.string(), z.unknown()),
});

export interface UserEvent {
  userId: number;
  type: UserEventType;
  data: Record<string, unknown>;
}

export function publishUserEvent(
  bus: EventBus,
  userId: number,
  type: UserEventType,
  data: Record<string, unknown>,
) {
  return publishUserEvents(bus, [{ userId, type, data }]);
}

/**
 * Many users' events as one bus message, in order: one tick that settles a thousand orders
 * publishes once, not two thousand times (one Redis PUBLISH on a cluster).
 */
export function publishUserEvents(bus: EventBus, events: readonly UserEvent[]) {
  if (events.length === 0) return Promise.resolve();
  return bus.publish(USER_EVENTS_CHANNEL, events);
}

/**
 * A public event about one thing (an NFT auction), for every socket subscribed to its code
 * (`nft:12`), logged in or not: what anyone may see on the item's page.
 */
export function publishTopic(bus: EventBus, code: string, data: Record<string, unknown>) {
  const message: TopicMessage = { type: 'topic', code, data };
  return bus.publish(TOPICS_CHANNEL, message);
}

/** An event for every signed-in staff socket of the support and admin roles. */
export function publishStaffEvent(
  bus: EventBus,
  type: UserEventType,
  data: Record<string, unknown>,
) {
  return bus.publish(STAFF_EVENTS_CHANNEL, { userId: 0, type, data });
}

export function publishTick(bus: EventBus, tick: TickMessage) {
  return bus.publish(TICKS_CHANNEL, tick);
}

interface Connection {
  socket: WebSocket;
  codes: Set<string>;
  userId: number | null;
  staffId: number | null;
  lastTypingAt: number;
  alive: boolean;
  /** Newest tick per code waiting while the socket's buffer is full (coalescing). */
  pending: Map<string, TickMessage>;
  flushTimer: NodeJS.Timeout | null;
}

const MAX_BUFFERED_BYTES = 256 * 1024;
const MAX_CODES_PER_CONNECTION = 1000;
const HEARTBEAT_MS = 30_000;

export interface SocketHubDeps {
  bus: EventBus;
  db: Executor;
  policyOf: (principal: PrincipalKind) => SessionPolicy;
  directory: PrincipalDirectory;
}

/** Who sent a client operation that a module handles (the typing indicator). */
export type SocketSender = { kind: 'user'; id: number } | { kind: 'staff'; id: number };

export interface SocketHub {
  connectionCount(): number;
  /** Handles `typing` from signed-in sockets (the support module); one handler. */
  onTyping(handler: (sender: SocketSender, on: boolean, conversationId?: number) => void): void;
}

/** The `/ws` endpoint: price subscriptions by code and, after `auth`, the user's own events. */
export function installSocketHub(app: FastifyInstance, deps: SocketHubDeps): SocketHub {
  const connections = new Set<Connection>();
  const byCode = new Map<string, Set<Connection>>();
  const byUser = new Map<number, Set<Connection>>();
  const staffConnections = new Set<Connection>();
  const activity = new UserActivity();
  let typingHandler: ((sender: SocketSender, on: boolean, id?: number) => void) | undefined;

  /**
   * `serialized` lets a broadcast encode a message once for all its subscribers. No per-message
   * callback: a failed write closes the socket, and its 'error' and 'close' events clean up.
   */
  const send = (conn: Connection, message: ServerMessage, serialized?: string) => {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.socket.send(serialized ?? JSON.stringify(message));
  };

  const flush = (conn: Connection) => {
    conn.flushTimer = null;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      conn.flushTimer = setTimeout(() => flush(conn), 50);
      return;
    }
    const ticks = [...conn.pending.values()];
    conn.pending.clear();
    for (const tick of ticks) send(conn, tick);
  };

  const sendTick = (conn: Connection, tick: TickMessage, serialized: string) => {
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES || conn.pending.size > 0) {
      conn.pending.set(tick.code, tick);
      conn.flushTimer ??= setTimeout(() => flush(conn), 50);
      return;
    }
    send(conn, tick, serialized);
  };

  const unsubscribeAll = (conn: Connection) => {
    for (const code of conn.codes) {
      const set = byCode.get(code);
      set?.delete(conn);
      if (set?.size === 0) byCode.delete(code);
    }
    conn.codes.clear();
  };

  const detachUser = (conn: Connection) => {
    staffConnections.delete(conn);
    conn.staffId = null;
    if (conn.userId === null) return;
    const set = byUser.get(conn.userId);
    set?.delete(conn);
    if (set?.size === 0) byUser.delete(conn.userId);
    conn.userId = null;
  };

  deps.bus.subscribe(TICKS_CHANNEL, (message) => {
    const tick = message as TickMessage;
    const subscribers = byCode.get(tick.code);
    if (!subscribers) return;
    const serialized = JSON.stringify(tick);
    for (const conn of subscribers) sendTick(conn, tick, serialized);
  });

  deps.bus.subscribe(TOPICS_CHANNEL, (message) => {
    const parsed = TopicMessage.safeParse(message);
    if (!parsed.success) return;
    const subscribers = byCode.get(parsed.data.code);
    if (!subscribers) return;
    for (const conn of subscribers) send(conn, parsed.data);
  });

  deps.bus.subscribe(USER_EVENTS_CHANNEL, (message) => {
    if (!Array.isArray(message)) {
      app.log.warn('malformed user events on the bus: not a list');
      return;
    }
    for (const event of message as unknown[]) {
      // Most events are for users with no socket on this node: look them up before parsing.
      const userId = (event as { userId?: unknown } | null)?.userId;
      if (typeof userId !== 'number') continue;
      // Every user's, socket or not: a socket that authenticates later says how long it was quiet.
      activity.touch(userId);
      const targets = byUser.get(userId);
      if (!targets) continue;
      const parsed = UserEventEnvelope.safeParse(event);
      if (!parsed.success) {
        app.log.warn({ issues: parsed.error.issues }, 'malformed user event on the bus');
        continue;
      }
      for (const conn of targets) send(conn, { type: parsed.data.type, data: parsed.data.data });
    }
  });

  deps.bus.subscribe(STAFF_EVENTS_CHANNEL, (message) => {
    const parsed = UserEventEnvelope.safeParse(message);
    if (!parsed.success) return;
    const serialized = JSON.stringify({ type: parsed.data.type, data: parsed.data.data });
    for (const conn of staffConnections) {
      send(conn, { type: parsed.data.type, data: parsed.data.data }, serialized);
    }
  });

  const heartbeat = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const conn of connections) conn.socket.close(1001, 'server shutting down');
  });

  app.get('/ws', { websocket: true }, (socket, request) => {
    const conn: Connection = {
      socket,
      codes: new Set(),
      userId: null,
      staffId: null,
      lastTypingAt: 0,
      alive: true,
      pending: new Map(),
      flushTimer: null,
    };
    connections.add(conn);
    const refuse = (code: 10100 | 401) =>
      send(conn, { type: 'error', code, msg: messageFor(request.locale, code) });

    const authenticate = async (token: string | undefined) => {
      const session = token ? await resolveSession(deps.db, token, deps.policyOf) : undefined;
      if (session?.principal === 'staff') {
        const member = await deps.directory.staff(deps.db, session.principalId);
        detachUser(conn);
        const allowed =
          member?.active &&
          !member.mustChangePassword &&
          member.roles.some((r) => SUPPORT_ROLES.has(r));
        if (!allowed) {
          send(conn, { type: 'authed', ok: false });
          return;
        }
        conn.staffId = session.principalId;
        staffConnections.add(conn);
        send(conn, { type: 'authed', ok: true });
        return;
      }
      const user =
        session?.principal === 'user'
          ? await deps.directory.user(deps.db, session.principalId)
          : undefined;
      detachUser(conn);
      if (!session || !user?.active) {
        send(conn, { type: 'authed', ok: false });
        return;
      }
      conn.userId = session.principalId;
      let set = byUser.get(conn.userId);
      if (!set) byUser.set(conn.userId, (set = new Set()));
      set.add(conn);
      // From now on the user's events reach this socket; before, none came for this long.
      send(conn, { type: 'authed', ok: true, quietMs: activity.quietMs(conn.userId) });
    };

    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (raw) => {
      conn.alive = true;
      let parsed: ReturnType<typeof ClientMessage.safeParse>;
      try {
        parsed = ClientMessage.safeParse(
          JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : ''),
        );
      } catch {
        refuse(10100);
        return;
      }
      if (!parsed.success) {
        refuse(10100);
        return;
      }
      const message = parsed.data;
      switch (message.op) {
        case 'sub':
          for (const code of message.codes) {
            if (conn.codes.size >= MAX_CODES_PER_CONNECTION) break;
            conn.codes.add(code);
            let set = byCode.get(code);
            if (!set) byCode.set(code, (set = new Set()));
            set.add(conn);
          }
          break;
        case 'unsub':
          for (const code of message.codes) {
            conn.codes.delete(code);
            const set = byCode.get(code);
            set?.delete(conn);
            if (set?.size === 0) byCode.delete(code);
          }
          break;
        case 'auth':
          authenticate(message.token).catch((error: unknown) => {
            request.log.error({ err: error }, 'socket auth failed');
            refuse(401);
          });
          break;
        case 'ping':
          send(conn, { type: 'pong' });
          break;
        case 'typing': {
          const sender: SocketSender | undefined =
            conn.userId !== null
              ? { kind: 'user', id: conn.userId }
              : conn.staffId !== null
                ? { kind: 'staff', id: conn.staffId }
                : undefined;
          if (!sender) break;
          // At most one "typing" per second per socket (the rest are dropped); "stopped" always.
          const now = Date.now();
          if (message.on && now - conn.lastTypingAt < 1000) break;
          if (message.on) conn.lastTypingAt = now;
          typingHandler?.(sender, message.on, message.conversationId);
          break;
        }
      }
    });
    socket.on('error', (error) => request.log.warn({ err: error }, 'socket error'));
    socket.on('close', () => {
      if (conn.flushTimer) clearTimeout(conn.flushTimer);
      unsubscribeAll(conn);
      detachUser(conn);
      connections.delete(conn);
    });

    // A browser cannot set headers on a WebSocket; tools and other servers may.
    const headerToken = parseBearer(request.headers.authorization);
    if (headerToken) void authenticate(headerToken);
  });

  return {
    connectionCount: () => connections.size,
    onTyping: (handler) => {
      typingHandler = handler;
    },
  };
}
