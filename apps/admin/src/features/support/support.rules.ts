import {
  type CannedReply,
  type StaffConversation,
  SUPPORT_TEXT_MAX,
  type SupportMessage,
  SupportQueueFilter,
  UserLocale,
} from '@swx/contract';
import type { MessageKey } from '../../i18n/en';
import type { MessageValues } from '../../i18n/translate';

/** The queue's tabs; waiting comes first because that is the work. */
export const QUEUE_FILTERS = SupportQueueFilter.options;
export type QueueFilter = SupportQueueFilter;

export function filterFromSearch(value: string | null): QueueFilter {
  const parsed = SupportQueueFilter.safeParse(value);
  return parsed.success ? parsed.data : 'waiting';
}

/** A page number from the address: anything but a positive whole number is page 1. */
export function pageFromSearch(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export const TEXT_MAX = SUPPORT_TEXT_MAX;
/** The customer's typing indicator goes away this long after the last "typing" event. */
export const TYPING_SHOWN_MS = 6_000;
/** At most one "typing" to the server this often while the agent types. */
export const TYPING_THROTTLE_MS = 2_000;

/**
 * How long the customer has been waiting, as a message: "waiting 5 min", "waiting 2 h 10 min",
 * "waiting 3 d"; under a minute is "waiting <1 min". A clock a little behind the server's never
 * shows a negative wait.
 */
export function waitingLabel(
  waitingSince: string,
  now: number,
): { key: MessageKey; values: MessageValues } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(waitingSince)) / 60_000));
  if (minutes < 1) return { key: 'support.waiting.lessThanMinute', values: {} };
  if (minutes < 60) return { key: 'support.waiting.minutes', values: { minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return { key: 'support.waiting.hours', values: { hours, minutes: minutes % 60 } };
  }
  return { key: 'support.waiting.days', values: { days: Math.floor(hours / 24) } };
}

/** Waiting an hour or more is overdue: the queue marks it. */
export function isOverdue(waitingSince: string | null, now: number): boolean {
  return waitingSince !== null && now - Date.parse(waitingSince) >= 3_600_000;
}

/** Who wrote in: the customer's username, or a visitor's name or address. */
export function customerName(
  conversation: Pick<StaffConversation, 'username' | 'visitorName' | 'visitorEmail' | 'id'>,
): string {
  return (
    conversation.username ??
    conversation.visitorName ??
    conversation.visitorEmail ??
    `#${conversation.id}`
  );
}

export function isVisitor(conversation: Pick<StaffConversation, 'userId'>): boolean {
  return conversation.userId === null;
}

/**
 * The staff message that carries the "Read" receipt: the latest staff message, once the
 * customer's read pointer has reached it. Visitors answer by email and have no receipts.
 */
export function readReceiptFor(
  messages: readonly Pick<SupportMessage, 'id' | 'author'>[],
  customerReadUpTo: number,
  visitor = false,
): number | null {
  if (visitor) return null;
  const latestStaff = messages.findLast((m) => m.author === 'staff');
  return latestStaff && customerReadUpTo >= latestStaff.id ? latestStaff.id : null;
}

/** A canned reply's wording in the conversation's language, or in English when it has none. */
export function cannedText(reply: Pick<CannedReply, 'texts'>, locale: string): string {
  const own = reply.texts[locale]?.trim();
  return own ? reply.texts[locale]! : (reply.texts.en ?? '');
}

/**
 * A canned reply put into the composer: replaces an empty draft, otherwise goes after it on a
 * new line; never beyond the message limit.
 */
export function insertCanned(draft: string, text: string): string {
  const joined = draft.trim() ? `${draft.replace(/\s+$/, '')}\n${text}` : text;
  return joined.slice(0, TEXT_MAX);
}

/** Messages by id, each once, oldest first (a socket event may repeat what a reload brought). */
export function mergeMessages(
  current: readonly SupportMessage[],
  incoming: readonly SupportMessage[],
): SupportMessage[] {
  const byId = new Map<number, SupportMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** What a send would carry: the text as the server keeps it (CRLF to LF, trimmed). */
export function normaliseText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

export function canSend(text: string): boolean {
  const normalised = normaliseText(text);
  return normalised.length > 0 && normalised.length <= TEXT_MAX;
}

/** Enter sends; Shift+Enter (and Enter while an input method is composing) adds a line. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing: boolean }) {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** Every language a canned reply must have, in the product's order. */
export const CANNED_LOCALES = UserLocale.options;

export type CannedDraft = { title: string; texts: Record<UserLocale, string> };

export function emptyCannedDraft(): CannedDraft {
  return {
    title: '',
    texts: Object.fromEntries(CANNED_LOCALES.map((l) => [l, ''])) as Record<UserLocale, string>,
  };
}

export function draftOf(reply: Pick<CannedReply, 'title' | 'texts'>): CannedDraft {
  return {
    title: reply.title,
    texts: Object.fromEntries(CANNED_LOCALES.map((l) => [l, reply.texts[l] ?? ''])) as Record<
      UserLocale,
      string
    >,
  };
}

export type CannedProblems = Partial<Record<'title' | UserLocale, MessageKey>>;

/** The server's rules for a canned reply: a title of 1 to 60, every language 1 to 2000. */
export function cannedProblems(draft: CannedDraft): CannedProblems {
  const problems: CannedProblems = {};
  const title = draft.title.trim();
  if (!title) problems.title = 'support.canned.errors.titleRequired';
  else if (title.length > 60) problems.title = 'support.canned.errors.titleTooLong';
  for (const locale of CANNED_LOCALES) {
    const text = normaliseText(draft.texts[locale]);
    if (!text) problems[locale] = 'support.canned.errors.textRequired';
    else if (text.length > TEXT_MAX) problems[locale] = 'support.canned.errors.textTooLong';
  }
  return problems;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A customer's language in English ("Japanese", "Chinese (Taiwan)"), for staff of any language. */
export function languageName(locale: string): string {
  try {
    return languageNames.of(locale) ?? locale;
  } catch {
    return locale;
  }
}
