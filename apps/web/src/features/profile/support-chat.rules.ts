import type { SupportConversation, SupportMessage } from '@swx/contract';

/** Adds messages to a history: one per id, oldest first (a socket event may repeat a reply). */
export function mergeMessages(
  current: readonly SupportMessage[],
  incoming: readonly SupportMessage[],
): SupportMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** What the customer sees under their own latest message: read by support, or only sent. */
export function receiptOf(
  messages: readonly SupportMessage[],
  conversation: Pick<SupportConversation, 'staffReadUpTo'> | null,
): { messageId: number; read: boolean } | null {
  const mine = messages.filter((m) => m.author === 'customer').at(-1);
  if (!mine) return null;
  // A support answer after it means it was read, whatever the pointer says.
  const answered = messages.some((m) => m.author === 'staff' && m.id > mine.id);
  return { messageId: mine.id, read: answered || (conversation?.staffReadUpTo ?? 0) >= mine.id };
}

/** Staff messages after the customer's read pointer. */
export function unreadCount(messages: readonly SupportMessage[], readUpTo: number): number {
  return messages.filter((m) => m.author === 'staff' && m.id > readUpTo).length;
}

/** The newest message id, or 0. */
export function lastId(messages: readonly SupportMessage[]): number {
  return messages.at(-1)?.id ?? 0;
}

/** Messages of one calendar day (the reader's time zone) under one date heading. */
export function groupByDay(
  messages: readonly SupportMessage[],
  dayOf: (iso: string) => string,
): { day: string; messages: SupportMessage[] }[] {
  const groups: { day: string; messages: SupportMessage[] }[] = [];
  for (const message of messages) {
    const day = dayOf(message.createdAt);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}
