import {
  SUPPORT_PAGE_SIZE,
  UserLocale,
  type StaffConversation,
  type SupportAgent,
  type SupportContext,
  type SupportHistory,
  type SupportMessage,
  type SupportQueueFilter,
} from '@swx/contract';
import { createTranslator, mailCatalogues } from '@swx/i18n';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { publishStaffEvent, publishUserEvent } from '../../platform/socket-hub';
import { recordAudit, type StaffActor } from '../audit';
import { selectPendingWithdrawals } from '../funding';
import { addNotification } from '../notifications';
import { selectActiveStaffWithRoles } from '../staff';
import { selectUserById } from '../users';
import {
  countMessagesAfter,
  insertImage,
  insertMessage,
  selectConversation,
  selectHistory,
  selectImage,
  selectMessage,
  selectQueue,
  selectStaffUnread,
  selectSummary,
  toMessage,
  updateConversation,
  type ConversationRow,
} from './support.repo';
import { readImage, supportEvent, type StoredImage, type SupportDeps } from './support.service';

const translate = createTranslator(mailCatalogues);

export async function supportAgents(db: Executor): Promise<SupportAgent[]> {
  return selectActiveStaffWithRoles(db, ['support', 'admin']);
}

function localeOf(value: string): UserLocale {
  const parsed = UserLocale.safeParse(value);
  return parsed.success ? parsed.data : 'en';
}

async function view(
  db: Executor,
  row: ConversationRow,
  unread: number,
  agents?: Map<number, string>,
): Promise<StaffConversation> {
  const names = agents ?? new Map((await supportAgents(db)).map((a) => [a.id, a.username]));
  const user = row.userId !== null ? await selectUserById(db, row.userId) : undefined;
  return {
    id: row.id,
    userId: row.userId,
    username: user?.username ?? null,
    visitorEmail: row.visitorEmail,
    visitorName: row.visitorName,
    locale: localeOf(row.locale),
    status: row.status,
    assignee:
      row.assigneeId !== null
        ? { id: row.assigneeId, username: names.get(row.assigneeId) ?? `#${row.assigneeId}` }
        : null,
    waitingSince: row.waitingSince?.toISOString() ?? null,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastText: row.lastText,
    unread,
    staffReadUpTo: row.staffReadUpTo,
    customerReadUpTo: row.customerReadUpTo,
  };
}

export async function staffQueue(
  deps: SupportDeps,
  q: { filter: SupportQueueFilter; staffId: number; page: number; pageSize: number },
) {
  const { rows, total } = await selectQueue(deps.db, q);
  const agents = new Map((await supportAgents(deps.db)).map((a) => [a.id, a.username]));
  const list = await Promise.all(rows.map((r) => view(deps.db, r.conversation, r.unread, agents)));
  return { list, total, page: q.page, pageSize: q.pageSize };
}

async function mustFind(db: Executor, id: number, lock = false) {
  const row = await selectConversation(db, id, lock);
  if (!row) throw new AppError(10165);
  return row;
}

async function contextOf(deps: SupportDeps, row: ConversationRow): Promise<SupportContext | null> {
  if (row.userId === null) return null;
  const user = await selectUserById(deps.db, row.userId);
  if (!user) return null;
  const [kyc, lastOrders, withdrawals] = await Promise.all([
    deps.context.kyc(deps.db, user.id),
    deps.context.lastOrders(user.id),
    selectPendingWithdrawals(deps.db, user.id),
  ]);
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    registeredAt: user.createdAt.toISOString(),
    kyc,
    mode: row.mode,
    demoEnabled: user.demoEnabled,
    lastOrders,
    openWithdrawals: withdrawals.map((w) => ({
      id: w.id,
      asset: w.coin,
      amount: w.amount,
      status: w.state,
      createdAt: w.createdAt.toISOString(),
    })),
  };
}

export async function staffConversation(deps: SupportDeps, id: number) {
  const row = await mustFind(deps.db, id);
  const [unread, history, context] = await Promise.all([
    selectStaffUnread(deps.db, id),
    selectHistory(deps.db, id, undefined, SUPPORT_PAGE_SIZE),
    contextOf(deps, row),
  ]);
  return {
    conversation: await view(deps.db, row, unread),
    messages: history.rows.map((m) => toMessage(m, true)),
    hasMore: history.hasMore,
    context,
  };
}

export async function staffHistory(
  deps: SupportDeps,
  id: number,
  before: number | undefined,
): Promise<SupportHistory> {
  await mustFind(deps.db, id);
  const history = await selectHistory(deps.db, id, before, SUPPORT_PAGE_SIZE);
  return { messages: history.rows.map((m) => toMessage(m, true)), hasMore: history.hasMore };
}

/** Announces a change of a conversation to staff and, when it has one, to its customer. */
async function announce(deps: SupportDeps, row: ConversationRow, event: Record<string, unknown>) {
  await publishStaffEvent(deps.bus, 'support', event);
  if (row.userId !== null) await publishUserEvent(deps.bus, row.userId, 'support', event);
}

/**
 * A staff reply (text or image). 10167 while closed. The first reply takes an unassigned
 * conversation; the customer stops waiting; a customer is notified of the first unread reply
 * (then mailed by the job if it stays unread); a visitor's answer is mailed now, in the
 * transaction, so a failed mail leaves no reply that was never delivered.
 */
export async function staffReplies(
  deps: SupportDeps,
  actor: StaffActor,
  id: number,
  content: { text: string } | { image: StoredImage },
): Promise<SupportMessage> {
  const now = deps.now();
  const { message, row, notice } = await deps.db.transaction(async (tx) => {
    const conv = await mustFind(tx, id, true);
    if (conv.status === 'closed') throw new AppError(10167);
    if (conv.userId === null && !('text' in content)) throw new AppError(10166);
    const image =
      'image' in content ? await insertImage(tx, { conversationId: id, ...content.image }) : null;
    const firstUnread =
      conv.userId !== null &&
      (await countMessagesAfter(tx, id, 'staff', conv.customerReadUpTo)) === 0;
    const inserted = await insertMessage(tx, {
      conversationId: id,
      author: 'staff',
      staffId: actor.staffId,
      staffName: actor.actor,
      text: 'text' in content ? content.text : null,
      imageId: image?.id ?? null,
      createdAt: now,
    });
    const updated = await updateConversation(tx, id, {
      waitingSince: null,
      lastMessageAt: now,
      lastText: 'text' in content ? content.text.slice(0, 200) : null,
      staffReadUpTo: inserted.id,
      assigneeId: conv.assigneeId ?? actor.staffId,
    });
    await recordAudit(tx, {
      ...actor,
      action: 'support.reply',
      target: `support:${id}`,
      detail: { messageId: inserted.id, image: image !== null },
    });
    const notice =
      firstUnread && conv.userId !== null
        ? await addNotification(tx, { userId: conv.userId, kind: 'support_reply' })
        : undefined;
    if (conv.userId === null && conv.visitorEmail && 'text' in content) {
      const locale = localeOf(conv.locale);
      await deps.messenger.sendMail(
        {
          to: conv.visitorEmail,
          subject: translate(locale, 'support.visitor.subject'),
          text: translate(locale, 'support.visitor.body', { text: content.text }),
        },
        tx,
      );
    }
    return { message: toMessage(await selectMessage(tx, inserted.id), true), row: updated, notice };
  });
  await notice?.publish(deps.bus);
  await announce(deps, row, supportEvent({ kind: 'message', conversationId: id, message }));
  return { ...message };
}

/** Staff have seen the customer's messages up to `upTo`: the customer sees the read receipt. */
export async function staffReads(deps: SupportDeps, id: number, upTo: number) {
  const { row, moved } = await deps.db.transaction(async (tx) => {
    const conv = await mustFind(tx, id, true);
    const latest = await selectHistory(tx, id, undefined, 1);
    const last = latest.rows[0]?.id ?? 0;
    const readUpTo = Math.max(conv.staffReadUpTo, Math.min(upTo, last));
    if (readUpTo === conv.staffReadUpTo) return { row: conv, moved: false };
    return { row: await updateConversation(tx, id, { staffReadUpTo: readUpTo }), moved: true };
  });
  if (moved) {
    await announce(
      deps,
      row,
      supportEvent({ kind: 'read', conversationId: id, by: 'staff', upTo: row.staffReadUpTo }),
    );
  }
  return view(deps.db, row, await selectStaffUnread(deps.db, id));
}

async function changeConversation(
  deps: SupportDeps,
  actor: StaffActor,
  id: number,
  action: 'assign' | 'close' | 'reopen',
  change: (conv: ConversationRow) => Parameters<typeof updateConversation>[2],
) {
  const row = await deps.db.transaction(async (tx) => {
    const conv = await mustFind(tx, id, true);
    const patch = change(conv);
    const updated = await updateConversation(tx, id, patch);
    await recordAudit(tx, {
      ...actor,
      action: `support.${action}`,
      target: `support:${id}`,
      detail: {
        from: { status: conv.status, assigneeId: conv.assigneeId },
        to: { status: updated.status, assigneeId: updated.assigneeId },
      },
    });
    return updated;
  });
  await announce(deps, row, supportEvent({ kind: 'conversation', conversationId: id }));
  return view(deps.db, row, await selectStaffUnread(deps.db, id));
}

/** Takes a conversation (no staffId: the caller), hands it to an agent, or frees it (null). */
export async function assignConversation(
  deps: SupportDeps,
  actor: StaffActor,
  id: number,
  staffId: number | null | undefined,
) {
  const target = staffId === undefined ? actor.staffId : staffId;
  if (target !== null) {
    const agents = await supportAgents(deps.db);
    if (!agents.some((a) => a.id === target)) {
      throw new AppError(10100, {}, [
        { path: 'staffId', code: 'not_an_agent', message: 'not an active support member' },
      ]);
    }
  }
  return changeConversation(deps, actor, id, 'assign', () => ({ assigneeId: target }));
}

export function closeConversation(deps: SupportDeps, actor: StaffActor, id: number) {
  const now = deps.now();
  return changeConversation(deps, actor, id, 'close', () => ({
    status: 'closed',
    closedAt: now,
    waitingSince: null,
  }));
}

export function reopenConversation(deps: SupportDeps, actor: StaffActor, id: number) {
  return changeConversation(deps, actor, id, 'reopen', () => ({ status: 'open', closedAt: null }));
}

export async function staffImage(deps: SupportDeps, imageId: number) {
  const image = await selectImage(deps.db, imageId);
  if (!image) throw new AppError(10165);
  return readImage(deps, image);
}

export function staffSummary(deps: SupportDeps, staffId: number) {
  return selectSummary(deps.db, staffId);
}
