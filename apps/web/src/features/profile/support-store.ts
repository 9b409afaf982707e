import { SupportEvent, type UserEventMessage } from '@swx/contract';
import { useSyncExternalStore } from 'react';

/**
 * Unread support answers, shared by the header's support icon and the support page: the page
 * marks answers read and the badge follows at once; socket events update both.
 */
let count: number | null = null;
/** Bumped by every change: a count fetched before a newer change must not overwrite it. */
let version = 0;
const listeners = new Set<() => void>();

export const supportUnreadStore = {
  get: (): number | null => count,
  version: (): number => version,
  set: (next: number | null): void => {
    version += 1;
    const value = next === null ? null : Math.max(0, Math.trunc(next));
    if (value === count) return;
    count = value;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSupportUnread(): number | null {
  return useSyncExternalStore(
    supportUnreadStore.subscribe,
    supportUnreadStore.get,
    supportUnreadStore.get,
  );
}

/** A `support` socket event, or null for anything else. */
export function parseSupportEvent(event: UserEventMessage): SupportEvent | null {
  if (event.type !== 'support') return null;
  const parsed = SupportEvent.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}
