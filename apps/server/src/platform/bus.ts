import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Handler = (message: unknown) => void;

/**
 * Publish/subscribe between the parts of one node and, with Redis, between nodes. Messages are
 * JSON values; every subscriber (on every node) receives every message of its channel.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  /** Delivers to this node's subscribers only (what every node computes for itself). */
  emitLocal(channel: string, message: unknown): void;
  subscribe(channel: string, handler: Handler): () => void;
  /** Resolves once the bus is connected and receiving. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, message) {
      // A copy through JSON keeps the memory bus honest about what survives the Redis path.
      emitter.emit(channel, JSON.parse(JSON.stringify(message)) as unknown);
    },
    emitLocal(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    ready: async () => {},
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** The bus and, with REDIS_URL, a Redis client for shared state such as rate limits. */
export function connectMessaging(
  config: { REDIS_URL?: string | undefined; REDIS_PREFIX: string },
  onError: (error: unknown) => void,
): { bus: EventBus; redis: Redis | undefined } {
  if (!config.REDIS_URL) return { bus: createMemoryBus(), redis: undefined };
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  redis.on('error', onError);
  return { bus: createRedisBus(config.REDIS_URL, config.REDIS_PREFIX, onError), redis };
}

export function createRedisBus(
  url: string,
  prefix: string,
  onError: (error: unknown) => void,
): EventBus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false });
  pub.on('error', onError);
  sub.on('error', onError);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const subscribed = new Map<string, Promise<unknown>>();

  sub.on('message', (fullChannel: string, raw: string) => {
    const channel = fullChannel.slice(prefix.length);
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch (error) {
      onError(error);
      return;
    }
    emitter.emit(channel, message);
  });

  return {
    kind: 'redis',
    async publish(channel, message) {
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    emitLocal(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      if (!subscribed.has(channel))
        subscribed.set(channel, sub.subscribe(prefix + channel).catch(onError));
      return () => emitter.off(channel, handler);
    },
    async ready() {
      await Promise.all([pub.ping(), ...subscribed.values()]);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
