import { z } from 'zod';
import { DecimalString } from './common';

/** What a browser sends on /ws. Codes are arrays, as the specification says. */
export const ClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('sub'), codes: z.array(z.string().min(1).max(32)).max(500) }),
  z.object({ op: z.literal('unsub'), codes: z.array(z.string().min(1).max(32)).max(500) }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ op: z.literal('ping') }),
  /** Support typing indicator: a customer about their conversation, staff about `conversationId`. */
  z.object({
    op: z.literal('typing'),
    on: z.boolean(),
    conversationId: z.number().int().positive().optional(),
  }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const TickMessage = z.object({
  type: z.literal('tick'),
  code: z.string(),
  price: DecimalString,
  zdf: DecimalString,
  ts: z.iso.datetime(),
});
export type TickMessage = z.infer<typeof TickMessage>;

/** Events for one logged-in user (or, for `support`, for staff sockets too); `data` is described by the feature that emits it. */
export const UserEventType = z.enum(['order', 'balance', 'notification', 'funding', 'support']);
export type UserEventType = z.infer<typeof UserEventType>;

export const UserEventMessage = z.object({
  type: UserEventType,
  data: z.record(z.string(), z.unknown()),
});
export type UserEventMessage = z.infer<typeof UserEventMessage>;

/** A public event about one thing, for the sockets subscribed to its code (`nft:12`). */
export const TopicMessage = z.object({
  type: z.literal('topic'),
  code: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TopicMessage = z.infer<typeof TopicMessage>;

export const ServerMessage = z.union([
  TickMessage,
  TopicMessage,
  UserEventMessage,
  z.object({
    type: z.literal('authed'),
    ok: z.boolean(),
    /**
     * For a customer: how long, in ms, the server had sent them no event before this socket was
     * signed in (at most a minute, and no longer than the server has run). A client whose data
     * was all loaded within that time missed nothing and need not load it again.
     */
    quietMs: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
