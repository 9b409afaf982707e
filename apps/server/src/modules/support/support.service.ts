import {
  SUPPORT_PAGE_SIZE,
  type AccountMode,
  type KycStatus,
  type SupportConversation,
  type SupportEvent,
  type SupportHistory,
  type SupportMessage,
} from '@swx/contract';
import type { Locale } from '@swx/i18n';
import sharp from 'sharp';
import type { EventBus } from '../../platform/bus';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { publishStaffEvent, publishUserEvent } from '../../platform/socket-hub';
import type { FileStore } from '../../platform/storage';
import { cleanImage, MIME_OF } from '../kyc';
import type { Messenger } from '../messaging';
import type { ParamsReader } from '../params';
import {
  countMessagesAfter,
  insertImage,
  insertMessage,
  insertVisitorConversation,
  lockUserConversation,
  selectConversationOfUser,
  selectHistory,
  selectImage,
  selectMessage,
  toMessage,
  updateConversation,
  lastMessageId,
  type ConversationRow,
} from './support.repo';

export interface ContextOrder {
  product: 'spot' | 'contract' | 'options' | 'convert';
  id: number;
  code: string;
  state: string;
  createdAt: string;
}

export interface SupportDeps {
  db: Db;
  bus: EventBus;
  store: FileStore;
  maxBytes: number;
  messenger: Messenger;
  params: ParamsReader;
  publicUrl: string;
  now: () => Date;
  /** What support sees beside a customer's conversation, from the modules that own it. */
  context: {
    kyc: (db: Executor, userId: number) => Promise<KycStatus>;
    lastOrders: (userId: number) => Promise<ContextOrder[]>;
  };
}

/** An image of a message: JPEG or PNG (10122 otherwise), re-encoded without metadata. */
export async function storeImage(deps: SupportDeps, bytes: Buffer) {
  const clean = await cleanImage(bytes, deps.maxBytes);
  if (clean.kind !== 'jpeg' && clean.kind !== 'png') throw new AppError(10122);
  const meta = await sharp(clean.bytes).metadata();
  const key = await deps.store.put(clean.bytes, clean.kind === 'jpeg' ? 'jpg' : 'png');
  return {
    storageKey: key,
    mime: MIME_OF[clean.kind],
    bytes: clean.bytes.length,
    width: meta.width ?? 1,
    height: meta.height ?? 1,
  };
}

export type StoredImage = Awaited<ReturnType<typeof storeImage>>;

export function supportEvent(event: SupportEvent): Record<string, unknown> {
  return event;
}

function conversationView(row: ConversationRow, unread: number): SupportConversation {
  return {
    id: row.id,
    status: row.status,
    staffReadUpTo: row.staffReadUpTo,
    customerReadUpTo: row.customerReadUpTo,
    unread,
  };
}

export async function customerConversation(
  deps: SupportDeps,
  userId: number,
): Promise<SupportHistory & { conversation: SupportConversation | null }> {
  const row = await selectConversationOfUser(deps.db, userId);
  if (!row) return { conversation: null, messages: [], hasMore: false };
  const [unread, history] = await Promise.all([
    countMessagesAfter(deps.db, row.id, 'staff', row.customerReadUpTo),
    selectHistory(deps.db, row.id, undefined, SUPPORT_PAGE_SIZE),
  ]);
  return {
    conversation: conversationView(row, unread),
    messages: history.rows.map((m) => toMessage(m, false)),
    hasMore: history.hasMore,
  };
}

export async function customerHistory(
  deps: SupportDeps,
  userId: number,
  before: number | undefined,
): Promise<SupportHistory> {
  const row = await selectConversationOfUser(deps.db, userId);
  if (!row) return { messages: [], hasMore: false };
  const history = await selectHistory(deps.db, row.id, before, SUPPORT_PAGE_SIZE);
  return { messages: history.rows.map((m) => toMessage(m, false)), hasMore: history.hasMore };
}

/**
 * A customer's message (text or a stored image): starts their conversation or reopens it, marks
 * everything before it read (they are looking at it), and waits for support from now on unless
 * it was already waiting. Announced to staff and to the customer's other devices after commit.
 */
export async function customerWrites(
  deps: SupportDeps,
  who: { userId: number; locale: Locale; mode: AccountMode },
  content: { text: string } | { image: StoredImage },
): Promise<SupportMessage> {
  const now = deps.now();
  const message = await deps.db.transaction(async (tx) => {
    const conv = await lockUserConversation(tx, who.userId, {
      locale: who.locale,
      mode: who.mode,
    });
    const image =
      'image' in content
        ? await insertImage(tx, { conversationId: conv.id, ...content.image })
        : null;
    const inserted = await insertMessage(tx, {
      conversationId: conv.id,
      author: 'customer',
      text: 'text' in content ? content.text : null,
      imageId: image?.id ?? null,
      createdAt: now,
    });
    await updateConversation(tx, conv.id, {
      status: 'open',
      closedAt: null,
      locale: who.locale,
      mode: who.mode,
      waitingSince: conv.waitingSince ?? now,
      lastMessageAt: now,
      lastText: 'text' in content ? content.text.slice(0, 200) : null,
      customerReadUpTo: inserted.id,
    });
    return toMessage(await selectMessage(tx, inserted.id), false);
  });
  const event = supportEvent({ kind: 'message', conversationId: message.conversationId, message });
  await publishStaffEvent(deps.bus, 'support', event);
  await publishUserEvent(deps.bus, who.userId, 'support', event);
  return message;
}

/** The customer has seen the conversation up to `upTo`; staff see the read receipt. */
export async function customerReads(
  deps: SupportDeps,
  userId: number,
  upTo: number,
): Promise<{ unread: number }> {
  const result = await deps.db.transaction(async (tx) => {
    const conv = await selectConversationOfUser(tx, userId, true);
    if (!conv) return undefined;
    const last = await lastMessageId(tx, conv.id);
    const readUpTo = Math.max(conv.customerReadUpTo, Math.min(upTo, last));
    if (readUpTo !== conv.customerReadUpTo) {
      await updateConversation(tx, conv.id, { customerReadUpTo: readUpTo });
    }
    const unread = await countMessagesAfter(tx, conv.id, 'staff', readUpTo);
    return { conversationId: conv.id, readUpTo, moved: readUpTo !== conv.customerReadUpTo, unread };
  });
  if (!result) return { unread: 0 };
  if (result.moved) {
    const event = supportEvent({
      kind: 'read',
      conversationId: result.conversationId,
      by: 'customer',
      upTo: result.readUpTo,
    });
    await publishStaffEvent(deps.bus, 'support', event);
    await publishUserEvent(deps.bus, userId, 'support', event);
  }
  return { unread: result.unread };
}

export async function customerUnread(deps: SupportDeps, userId: number) {
  const conv = await selectConversationOfUser(deps.db, userId);
  return {
    unread: conv ? await countMessagesAfter(deps.db, conv.id, 'staff', conv.customerReadUpTo) : 0,
  };
}

/** The bytes of an image of the customer's own conversation; 10165 for any other. */
export async function customerImage(deps: SupportDeps, userId: number, imageId: number) {
  const [conv, image] = await Promise.all([
    selectConversationOfUser(deps.db, userId),
    selectImage(deps.db, imageId),
  ]);
  if (!conv || !image || image.conversationId !== conv.id) throw new AppError(10165);
  return readImage(deps, image);
}

export async function readImage(
  deps: SupportDeps,
  image: { storageKey: string; mime: string },
): Promise<{ bytes: Buffer; mime: string }> {
  const bytes = await deps.store.get(image.storageKey);
  if (!bytes) throw new AppError(10165);
  return { bytes, mime: image.mime };
}

/** A visitor's message: a conversation of its own, answered by email. */
export async function visitorWrites(
  deps: SupportDeps,
  input: { email: string; name?: string | undefined; text: string; locale: Locale },
): Promise<{ id: number }> {
  const now = deps.now();
  const conversationId = await deps.db.transaction(async (tx) => {
    const conv = await insertVisitorConversation(tx, {
      visitorEmail: input.email,
      visitorName: input.name || null,
      locale: input.locale,
      at: now,
    });
    const inserted = await insertMessage(tx, {
      conversationId: conv.id,
      author: 'visitor',
      text: input.text,
      createdAt: now,
    });
    await updateConversation(tx, conv.id, {
      lastText: input.text.slice(0, 200),
      customerReadUpTo: inserted.id,
    });
    return conv.id;
  });
  await publishStaffEvent(
    deps.bus,
    'support',
    supportEvent({ kind: 'conversation', conversationId }),
  );
  return { id: conversationId };
}
