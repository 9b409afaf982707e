import { listNotification, readNotification, unreadNotification } from '@swx/contract';
import { api } from '../../../shared/api/api';

// Apart from profile.api.ts: the header's bell (every signed-in page) needs only the unread count,
// and importing it from there loaded and built the schemas of every account route after the
// first paint (about 12 ms of a desktop's main thread, four times that on a phone).

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function fetchNotifications(page: number, signal: AbortSignal) {
  return api.call(
    listNotification,
    { query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE } },
    { signal },
  );
}

export function fetchUnread(signal?: AbortSignal) {
  return api.call(unreadNotification, {}, { signal });
}

/** Marks these notifications read, or every one when `ids` is left out. */
export function markRead(ids?: readonly number[]) {
  return api.call(readNotification, { body: ids ? { ids: [...ids] } : {} });
}
