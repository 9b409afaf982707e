import type { SupportMessage, SupportQueueFilter } from '@swx/contract';
import { and, asc, count, desc, eq, gt, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import {
  supportCannedReplies,
  supportConversations,
  supportImages,
  supportMessages,
} from './support.tables';

export type ConversationRow = typeof supportConversations.$inferSelect;
type ConversationPatch = Partial<typeof supportConversations.$inferInsert>;

export async function selectConversation(db: Executor, id: number, lock = false) {
  const query = db.select().from(supportConversations).where(eq(supportConversations.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function selectConversationOfUser(db: Executor, userId: number, lock = false) {
  const query = db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The customer's conversation, created on their first message; locked for the caller's tx. */
export async function lockUserConversation(
  tx: Executor,
  userId: number,
  values: { locale: string; mode: 'real' | 'demo' },
): Promise<ConversationRow> {
  await tx
    .insert(supportConversations)
    .values({ userId, ...values })
    .onConflictDoNothing({
      target: supportConversations.userId,
      where: sql`${supportConversations.userId} is not null`,
    });
  const row = await selectConversationOfUser(tx, userId, true);
  if (!row) throw new Error(`support conversation of user ${userId} vanished`);
  return row;
}

export async function insertVisitorConversation(
  tx: Executor,
  values: { visitorEmail: string; visitorName: string | null; locale: string; at: Date },
) {
  const [row] = await tx
    .insert(supportConversations)
    .values({
      visitorEmail: values.visitorEmail,
      visitorName: values.visitorName,
      locale: values.locale,
      waitingSince: values.at,
      lastMessageAt: values.at,
    })
    .returning();
  return row!;
}

export async function updateConversation(tx: Executor, id: number, patch: ConversationPatch) {
  const [row] = await tx
    .update(supportConversations)
    .set(patch)
    .where(eq(supportConversations.id, id))
    .returning();
  return row!;
}

export async function insertMessage(tx: Executor, values: typeof supportMessages.$inferInsert) {
  const [row] = await tx.insert(supportMessages).values(values).returning();
  return row!;
}

export async function insertImage(tx: Executor, values: typeof supportImages.$inferInsert) {
  const [row] = await tx.insert(supportImages).values(values).returning();
  return row!;
}

export async function selectImage(db: Executor, id: number) {
  const [row] = await db.select().from(supportImages).where(eq(supportImages.id, id));
  return row;
}

const messageColumns = {
  id: supportMessages.id,
  conversationId: supportMessages.conversationId,
  author: supportMessages.author,
  staffName: supportMessages.staffName,
  text: supportMessages.text,
  createdAt: supportMessages.createdAt,
  imageId: supportImages.id,
  width: supportImages.width,
  height: supportImages.height,
};

type MessageRow = {
  id: number;
  conversationId: number;
  author: SupportMessage['author'];
  staffName: string | null;
  text: string | null;
  createdAt: Date;
  imageId: number | null;
  width: number | null;
  height: number | null;
};

export function toMessage(row: MessageRow, staffNames: boolean): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    author: row.author,
    staffName: staffNames ? row.staffName : null,
    text: row.text,
    image:
      row.imageId !== null ? { id: row.imageId, width: row.width!, height: row.height! } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One message with its image. */
export async function selectMessage(db: Executor, id: number): Promise<MessageRow> {
  const [row] = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(supportImages, eq(supportImages.id, supportMessages.imageId))
    .where(eq(supportMessages.id, id));
  return row!;
}

/** Up to `limit` messages before `before` (newest first), and whether older ones exist. */
export async function selectHistory(
  db: Executor,
  conversationId: number,
  before: number | undefined,
  limit: number,
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const where = [eq(supportMessages.conversationId, conversationId)];
  if (before !== undefined) where.push(lt(supportMessages.id, before));
  const rows = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(supportImages, eq(supportImages.id, supportMessages.imageId))
    .where(and(...where))
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/** Messages of `authors` after `afterId`: the other side's unread ones. */
export async function countMessagesAfter(
  db: Executor,
  conversationId: number,
  authors: 'staff' | 'customer',
  afterId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        authors === 'staff'
          ? eq(supportMessages.author, 'staff')
          : sql`${supportMessages.author} <> 'staff'`,
        gt(supportMessages.id, afterId),
      ),
    );
  return row?.n ?? 0;
}

export async function lastMessageId(db: Executor, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${supportMessages.id}), 0)`.mapWith(Number) })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversationId));
  return row?.id ?? 0;
}

// Written out with the table's name: in a one-table select the builder may leave the outer
// columns unqualified, and inside the subquery "id" would then be the message's own id.
const staffUnread = sql<number>`(select count(*) from support_messages m
  where m.conversation_id = support_conversations.id and m.author <> 'staff'
  and m.id > support_conversations.staff_read_up_to)`.mapWith(Number);

function queueWhere(filter: SupportQueueFilter, staffId: number): SQL | undefined {
  const open = eq(supportConversations.status, 'open');
  switch (filter) {
    case 'waiting':
      return and(open, isNotNull(supportConversations.waitingSince));
    case 'open':
      return open;
    case 'mine':
      return and(open, eq(supportConversations.assigneeId, staffId));
    case 'closed':
      return eq(supportConversations.status, 'closed');
  }
}

/** A page of the queue: waiting ones by the longest wait, the others by the latest message. */
export async function selectQueue(
  db: Executor,
  q: { filter: SupportQueueFilter; staffId: number; page: number; pageSize: number },
) {
  const where = queueWhere(q.filter, q.staffId);
  const order =
    q.filter === 'waiting'
      ? [asc(supportConversations.waitingSince), asc(supportConversations.id)]
      : [desc(supportConversations.lastMessageAt), desc(supportConversations.id)];
  const rows = await db
    .select({ conversation: supportConversations, unread: staffUnread })
    .from(supportConversations)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(supportConversations).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function selectStaffUnread(db: Executor, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ unread: staffUnread })
    .from(supportConversations)
    .where(eq(supportConversations.id, conversationId));
  return row?.unread ?? 0;
}

/** Waiting conversations, unread customer messages in open ones, and the caller's open ones. */
export async function selectSummary(db: Executor, staffId: number) {
  const [row] = await db
    .select({
      waiting:
        sql<number>`count(*) filter (where ${supportConversations.waitingSince} is not null)`.mapWith(
          Number,
        ),
      unread: sql<number>`coalesce(sum(${staffUnread}), 0)`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${supportConversations.assigneeId} = ${staffId})`.mapWith(
        Number,
      ),
    })
    .from(supportConversations)
    .where(eq(supportConversations.status, 'open'));
  return { waiting: row?.waiting ?? 0, unread: row?.unread ?? 0, mine: row?.mine ?? 0 };
}

/**
 * Customer conversations with staff messages still unread and not yet mailed, the newest of them
 * written at or before `writtenBy`; locked, skipping any another node is mailing.
 */
export async function lockConversationsToMail(tx: Executor, writtenBy: Date, limit: number) {
  const unmailed = sql`from support_messages m where m.conversation_id = support_conversations.id
    and m.author = 'staff' and m.id > greatest(support_conversations.customer_read_up_to,
    support_conversations.mailed_up_to)`;
  return tx
    .select()
    .from(supportConversations)
    .where(
      and(
        isNotNull(supportConversations.userId),
        sql`exists (select 1 ${unmailed})`,
        sql`(select max(m.created_at) ${unmailed}) <= ${writtenBy.toISOString()}`,
      ),
    )
    .orderBy(asc(supportConversations.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The latest staff texts after `afterId`, oldest first, for a mail. */
export async function selectStaffTextsAfter(db: Executor, conversationId: number, afterId: number) {
  const rows = await db
    .select({ id: supportMessages.id, text: supportMessages.text })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        eq(supportMessages.author, 'staff'),
        gt(supportMessages.id, afterId),
      ),
    )
    .orderBy(desc(supportMessages.id))
    .limit(5);
  return rows.reverse();
}

export async function selectCanned(db: Executor) {
  return db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.title));
}

export async function upsertCanned(
  tx: Executor,
  id: number | undefined,
  values: { title: string; texts: Record<string, string>; updatedAt: Date },
) {
  if (id === undefined) {
    const [row] = await tx.insert(supportCannedReplies).values(values).returning();
    return row!;
  }
  const [row] = await tx
    .update(supportCannedReplies)
    .set(values)
    .where(eq(supportCannedReplies.id, id))
    .returning();
  return row;
}

export async function deleteCanned(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .delete(supportCannedReplies)
    .where(eq(supportCannedReplies.id, id))
    .returning({ id: supportCannedReplies.id });
  return rows.length > 0;
}

/** Seeds the shipped canned replies once (an empty table). */
export async function insertCannedIfEmpty(
  db: Executor,
  defaults: readonly { title: string; texts: Record<string, string> }[],
) {
  const [row] = await db.select({ n: count() }).from(supportCannedReplies);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(supportCannedReplies).values(defaults.map((d) => ({ ...d })));
}
