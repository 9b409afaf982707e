import { ALWAYS_SENT_KINDS, NotificationKind, type Notification } from '@swx/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus';
import type { Executor } from '../../platform/db';
import { pgArray, unnestRows } from '../../platform/pg-array';
import { publishUserEvents } from '../../platform/socket-hub';
import { AppError } from '../../platform/errors';
import { notificationPrefs, notifications } from './notifications.tables';

export interface NotificationInput {
  userId: number;
  kind: NotificationKind;
  params?: Record<string, string>;
}

const ALWAYS = new Set<string>(ALWAYS_SENT_KINDS);

/**
 * Stores notifications inside the caller's transaction in one statement, leaving out the kinds
 * their users turned off (a kind in ALWAYS_SENT_KINDS is always kept). The returned `publish` is
 * called after the commit, so the socket never announces something that rolled back.
 */
export async function addNotifications(
  db: Executor,
  inputs: readonly NotificationInput[],
): Promise<{ ids: number[]; publish: (bus: EventBus) => Promise<void> }> {
  if (inputs.length === 0) return { ids: [], publish: async () => undefined };
  // Each column as one array parameter (pg-array.ts): a tick that settles a thousand options
  // notifies their owners without a thousand rows of parameters.
  const values = unnestRows(inputs, 'v', {
    user_id: ['bigint', (i) => i.userId],
    kind: ['text', (i) => i.kind],
    params: ['jsonb', (i) => JSON.stringify(i.params ?? {})],
  });
  type Inserted = {
    id: string | number;
    user_id: string | number;
    kind: string;
  };
  const inserted = await db.execute<Inserted>(sql`
    insert into ${notifications} (user_id, kind, params)
    select v.user_id, v.kind, v.params
    from ${values}
    where v.kind = any(${pgArray(ALWAYS_SENT_KINDS, 'text')})
       or not exists (
         select 1 from ${notificationPrefs} p
         where p.user_id = v.user_id and p.kind = v.kind and not p.enabled)
    order by v.ord
    returning id, user_id, kind`);
  const { rows: insertedRows } = inserted as { rows: Inserted[] };
  const rows = insertedRows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    kind: r.kind,
  }));
  return {
    ids: rows.map((r) => r.id),
    // One bus message: one tick may settle a thousand options for as many users.
    publish: (bus) =>
      publishUserEvents(
        bus,
        rows.map((row) => ({
          userId: row.userId,
          type: 'notification',
          data: { id: row.id, kind: row.kind },
        })),
      ),
  };
}

/** One notification (see addNotifications); `id` is 0 when its kind is turned off. */
export async function addNotification(
  db: Executor,
  input: NotificationInput,
): Promise<{ id: number; publish: (bus: EventBus) => Promise<void> }> {
  const added = await addNotifications(db, [input]);
  return { id: added.ids[0] ?? 0, publish: added.publish };
}

/** Every kind with whether the user receives it, and whether it can be turned off. */
export async function notificationPrefsOf(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  const set = new Map(rows.map((r) => [r.kind, r.enabled]));
  return NotificationKind.options.map((kind) => ({
    kind,
    enabled: ALWAYS.has(kind) ? true : (set.get(kind) ?? true),
    locked: ALWAYS.has(kind),
  }));
}

export async function setNotificationPref(
  db: Executor,
  userId: number,
  input: { kind: NotificationKind; enabled: boolean },
) {
  if (ALWAYS.has(input.kind)) throw new AppError(10164);
  await db
    .insert(notificationPrefs)
    .values({ userId, kind: input.kind, enabled: input.enabled })
    .onConflictDoUpdate({
      target: [notificationPrefs.userId, notificationPrefs.kind],
      set: { enabled: input.enabled },
    });
  return notificationPrefsOf(db, userId);
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
