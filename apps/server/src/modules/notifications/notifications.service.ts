import type { Notification, NotificationKind } from '@swx/contract';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus';
import type { Executor } from '../../platform/db';
import { publishUserEvent } from '../../platform/socket-hub';
import { notifications } from './notifications.tables';

/**
 * Stores a notification inside the caller's transaction. The returned `publish` is called after
 * the commit, so the socket never announces something that rolled back.
 */
export async function addNotification(
  db: Executor,
  input: { userId: number; kind: NotificationKind; params?: Record<string, string> },
): Promise<{ id: number; publish: (bus: EventBus) => Promise<void> }> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: input.userId, kind: input.kind, params: input.params ?? {} })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned no row');
  return {
    id: row.id,
    publish: (bus) =>
      publishUserEvent(bus, input.userId, 'notification', { id: row.id, kind: input.kind }),
  };
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function listNotifications(
  db: Executor,
  userId: number,
  page: number,
  pageSize: number,
) {
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    countUnread(db, userId),
  ]);
  const list: Notification[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    params: r.params,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, page, pageSize, unread };
}

/** Marks the user's own notifications read (ids of other users are ignored by the filter). */
export async function markRead(
  db: Executor,
  userId: number,
  ids: readonly number[] | undefined,
  now = new Date(),
): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    );
  return countUnread(db, userId);
}
