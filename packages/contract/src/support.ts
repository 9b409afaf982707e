import { z } from 'zod';
import { KycStatus, UserLocale } from './user-enums';
import { AccountMode, envelope, IsoDateTime, pageOf, PageQuery } from './common';
import { route } from './route';

/** Messages are plain text (never HTML), at most this long. */
export const SUPPORT_TEXT_MAX = 2000;
/** Messages per page of history. */
export const SUPPORT_PAGE_SIZE = 30;

const SupportText = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1).max(SUPPORT_TEXT_MAX));

export const SupportAuthor = z.enum(['customer', 'staff', 'visitor']);
export type SupportAuthor = z.infer<typeof SupportAuthor>;

export const SupportImage = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type SupportImage = z.infer<typeof SupportImage>;

export const SupportMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  author: SupportAuthor,
  /** The staff member who wrote it; the customer's side shows only that support answered. */
  staffName: z.string().nullable(),
  text: z.string().nullable(),
  image: SupportImage.nullable(),
  createdAt: IsoDateTime,
});
export type SupportMessage = z.infer<typeof SupportMessage>;

export const SupportStatus = z.enum(['open', 'closed']);
export type SupportStatus = z.infer<typeof SupportStatus>;

/** The customer's view of their one conversation. */
export const SupportConversation = z.object({
  id: z.number().int(),
  status: SupportStatus,
  /** Staff have read the customer's messages up to this id (read receipts); 0 for none. */
  staffReadUpTo: z.number().int(),
  customerReadUpTo: z.number().int(),
  /** Staff messages after customerReadUpTo. */
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;

/** Oldest first; `hasMore` when older messages exist before the first. */
export const SupportHistory = z.object({
  messages: z.array(SupportMessage),
  hasMore: z.boolean(),
});
export type SupportHistory = z.infer<typeof SupportHistory>;

const HistoryQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
});

/** The caller's conversation (null before the first message) and its latest messages. */
export const getSupportConversation = route({
  method: 'GET',
  path: '/swx/customer/support/conversation',
  reply: envelope(SupportHistory.extend({ conversation: SupportConversation.nullable() })),
});

/** Older messages, before the message id `before`. */
export const listSupportMessages = route({
  method: 'GET',
  path: '/swx/customer/support/messages',
  query: HistoryQuery,
  reply: envelope(SupportHistory),
});

/** Writes to support; starts the conversation, or reopens a closed one. */
export const sendSupportMessage = route({
  method: 'POST',
  path: '/swx/customer/support/send',
  body: z.object({ text: SupportText }),
  reply: envelope(SupportMessage),
  idempotent: true,
  fieldCodes: { text: 10166 },
});

/** Multipart, one image in the field `image` (JPEG, PNG or WebP; re-encoded, EXIF removed). */
export const sendSupportImage = route({
  method: 'POST',
  path: '/swx/customer/support/image',
  reply: envelope(SupportMessage),
  idempotent: true,
});

/** The caller has seen everything up to `upTo` (a message id). */
export const readSupport = route({
  method: 'POST',
  path: '/swx/customer/support/read',
  body: z.object({ upTo: z.number().int().nonnegative() }),
  reply: envelope(z.object({ unread: z.number().int() })),
});

/** Unanswered-by-you count for the header badge. */
export const getSupportUnread = route({
  method: 'GET',
  path: '/swx/customer/support/unread',
  reply: envelope(z.object({ unread: z.number().int() })),
});

/** The image of one message of the caller's conversation (10165 for anyone else's). */
export const SUPPORT_IMAGE_PATH = '/swx/customer/support/image/:id';

/** A visitor (not signed in) leaves a message and an email address; support answers by email. */
export const leaveSupportMessage = route({
  method: 'POST',
  path: '/swx/customer/support/visitor',
  body: z.object({
    email: z.string().trim().toLowerCase().pipe(z.email().max(120)),
    name: z.string().trim().max(60).optional(),
    text: SupportText,
  }),
  reply: envelope(z.object({ id: z.number().int() })),
  fieldCodes: { email: 10168, text: 10166 },
});

// ---- back office (support and admin roles) ----

export const SupportQueueFilter = z.enum(['waiting', 'open', 'mine', 'closed']);
export type SupportQueueFilter = z.infer<typeof SupportQueueFilter>;

export const SupportAgent = z.object({ id: z.number().int(), username: z.string() });
export type SupportAgent = z.infer<typeof SupportAgent>;

export const StaffConversation = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** A visitor's email address and name. */
  visitorEmail: z.string().nullable(),
  visitorName: z.string().nullable(),
  locale: UserLocale,
  status: SupportStatus,
  assignee: SupportAgent.nullable(),
  /** Since when the customer has been waiting for an answer; null when support spoke last. */
  waitingSince: IsoDateTime.nullable(),
  lastMessageAt: IsoDateTime,
  lastText: z.string().nullable(),
  /** Customer messages after staffReadUpTo. */
  unread: z.number().int(),
  staffReadUpTo: z.number().int(),
  customerReadUpTo: z.number().int(),
});
export type StaffConversation = z.infer<typeof StaffConversation>;

/** Waiting: open and waiting for an answer, longest wait first; the others newest first. */
export const listSupportQueue = route({
  method: 'GET',
  path: '/swx/admin/support/conversations',
  query: PageQuery.extend({ filter: SupportQueueFilter.default('waiting') }),
  reply: envelope(pageOf(StaffConversation)),
});

export const SupportContext = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  registeredAt: IsoDateTime,
  kyc: KycStatus,
  /** The account mode the customer was in when they last wrote. */
  mode: AccountMode,
  demoEnabled: z.boolean(),
  lastOrders: z.array(
    z.object({
      product: z.enum(['spot', 'contract', 'options', 'convert']),
      id: z.number().int(),
      code: z.string(),
      state: z.string(),
      createdAt: IsoDateTime,
    }),
  ),
  openWithdrawals: z.array(
    z.object({
      id: z.number().int(),
      asset: z.string(),
      amount: z.string(),
      status: z.string(),
      createdAt: IsoDateTime,
    }),
  ),
});
export type SupportContext = z.infer<typeof SupportContext>;

const ConversationId = z.object({ id: z.coerce.number().int().positive() });

/** One conversation, its latest messages and (for a customer) their context. */
export const getStaffConversation = route({
  method: 'GET',
  path: '/swx/admin/support/conversations/:id',
  params: ConversationId,
  reply: envelope(
    SupportHistory.extend({
      conversation: StaffConversation,
      context: SupportContext.nullable(),
    }),
  ),
});

export const listStaffSupportMessages = route({
  method: 'GET',
  path: '/swx/admin/support/conversations/:id/messages',
  params: ConversationId,
  query: HistoryQuery,
  reply: envelope(SupportHistory),
});

/** A reply; 10167 while the conversation is closed. A visitor's answer goes by email. */
export const replySupport = route({
  method: 'POST',
  path: '/swx/admin/support/conversations/:id/send',
  params: ConversationId,
  body: z.object({ text: SupportText }),
  reply: envelope(SupportMessage),
  idempotent: true,
  fieldCodes: { text: 10166 },
});

/** Multipart image reply (field `image`). */
export const replySupportImage = route({
  method: 'POST',
  path: '/swx/admin/support/conversations/:id/image',
  params: ConversationId,
  reply: envelope(SupportMessage),
  idempotent: true,
});

export const readStaffSupport = route({
  method: 'POST',
  path: '/swx/admin/support/conversations/:id/read',
  params: ConversationId,
  body: z.object({ upTo: z.number().int().nonnegative() }),
  reply: envelope(StaffConversation),
});

/** Takes the conversation (no body: the caller) or hands it to a support member; null frees it. */
export const assignSupport = route({
  method: 'POST',
  path: '/swx/admin/support/conversations/:id/assign',
  params: ConversationId,
  body: z.object({ staffId: z.number().int().positive().nullable().optional() }),
  reply: envelope(StaffConversation),
});

export const closeSupport = route({
  method: 'POST',
  path: '/swx/admin/support/conversations/:id/close',
  params: ConversationId,
  reply: envelope(StaffConversation),
});

export const reopenSupport = route({
  method: 'POST',
  path: '/swx/admin/support/conversations/:id/reopen',
  params: ConversationId,
  reply: envelope(StaffConversation),
});

export const STAFF_SUPPORT_IMAGE_PATH = '/swx/admin/support/image/:id';

/** Open conversations waiting for an answer, and unread customer messages, for the menu badge. */
export const getStaffSupportSummary = route({
  method: 'GET',
  path: '/swx/admin/support/summary',
  reply: envelope(
    z.object({ waiting: z.number().int(), unread: z.number().int(), mine: z.number().int() }),
  ),
});

/** Staff who may answer (support and admin roles), for assignment. */
export const listSupportAgents = route({
  method: 'GET',
  path: '/swx/admin/support/agents',
  reply: envelope(z.array(SupportAgent)),
});

export const CannedReply = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Every language's wording; the reply is sent in the customer's language. */
  texts: z.record(z.string(), z.string()),
  updatedAt: IsoDateTime,
});
export type CannedReply = z.infer<typeof CannedReply>;

export const listCannedReplies = route({
  method: 'GET',
  path: '/swx/admin/support/canned',
  reply: envelope(z.array(CannedReply)),
});

const CannedBody = z.object({
  title: z.string().trim().min(1).max(60),
  texts: z.object(Object.fromEntries(UserLocale.options.map((l) => [l, SupportText]))).strict(),
});

/** Admins keep the canned replies; every one has all 11 languages. */
export const saveCannedReply = route({
  method: 'POST',
  path: '/swx/admin/support/canned',
  body: CannedBody.extend({ id: z.number().int().positive().optional() }),
  reply: envelope(CannedReply),
});

export const deleteCannedReply = route({
  method: 'POST',
  path: '/swx/admin/support/canned/:id/delete',
  params: ConversationId,
  reply: envelope(z.object({ id: z.number().int() })),
});

/**
 * Socket events about support. A customer's socket receives `support` events about their own
 * conversation; a staff socket (support or admin role) receives every conversation's.
 */
export const SupportEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    conversationId: z.number().int(),
    message: SupportMessage,
  }),
  z.object({
    kind: z.literal('read'),
    conversationId: z.number().int(),
    by: z.enum(['customer', 'staff']),
    upTo: z.number().int(),
  }),
  z.object({
    kind: z.literal('typing'),
    conversationId: z.number().int(),
    by: z.enum(['customer', 'staff']),
    on: z.boolean(),
  }),
  z.object({ kind: z.literal('conversation'), conversationId: z.number().int() }),
]);
export type SupportEvent = z.infer<typeof SupportEvent>;
