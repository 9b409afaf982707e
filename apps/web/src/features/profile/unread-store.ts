import { Notification, type UserEventMessage } from '@swx/contract';
import { useSyncExternalStore } from 'react';

/**
 * The unread notification count, shared by the header bell and the notifications page: the page
 * marks items read and the bell follows at once; a socket event updates both.
 */
let count: number | null = null;
/** Bumped by every change: a count fetched before a newer change must not overwrite it. */
let version = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const unreadStore = {
  get: (): number | null => count,
  version: (): number => version,
  set: (next: number | null): void => {
    version += 1;
    if (next === count) return;
    count = next === null ? null : Math.max(0, Math.trunc(next));
    emit();
  },
  /** One more arrived and the server's count is not known yet. */
  increment: (): void => {
    unreadStore.set((count ?? 0) + 1);
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useUnreadCount(): number | null {
  return useSyncExternalStore(unreadStore.subscribe, unreadStore.get, unreadStore.get);
}

/**
 * What a `notification` user event carries. The socket contract leaves `data` to the feature; the
 * server may send the new notification itself, or `{ notification, unread }`. Anything else
 * still means "something changed": refresh.
 */
export function parseNotificationEvent(event: UserEventMessage): {
  notification: Notification | null;
  unread: number | null;
} | null {
  if (event.type !== 'notification') return null;
  const data = event.data;
  const nested = Notification.safeParse(data.notification);
  const direct = Notification.safeParse(data);
  const unread =
    typeof data.unread === 'number' && Number.isInteger(data.unread) && data.unread >= 0
      ? data.unread
      : null;
  return {
    notification: nested.success ? nested.data : direct.success ? direct.data : null,
    unread,
  };
}
