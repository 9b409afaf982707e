import {
  closeSupport,
  getStaffConversation,
  listCannedReplies,
  listStaffSupportMessages,
  readStaffSupport,
  reopenSupport,
  type StaffConversation,
  type SupportEvent,
  type SupportMessage,
} from '@swx/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import type { ApiError } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { staffSocket, useSupportEvents } from '../../../shared/realtime/staff-realtime';
import { Button } from '../../../shared/ui/button';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { AssignControls } from '../components/assign-controls';
import { Composer } from '../components/composer';
import { ContextPanel } from '../components/context-panel';
import { MessageList } from '../components/message-list';
import { SupportStatusBadge, VisitorBadge } from '../components/support-badges';
import {
  customerName,
  isVisitor,
  languageName,
  mergeMessages,
  readReceiptFor,
  TYPING_SHOWN_MS,
} from '../support.rules';

const CONVERSATION_CLOSED = 10167;
const RELOAD_COALESCE_MS = 150;

/** Back to the queue as it was left (its tab and page), when the queue linked here. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  if (typeof state === 'object' && state !== null && 'back' in state) {
    const back = state.back;
    if (typeof back === 'string' && back.startsWith('/support')) return back;
  }
  return '/support';
}

function BackLink() {
  return (
    <Link to={useBackTo()} className="mb-2 inline-block text-sm text-accent hover:underline">
      {t('support.detail.back')}
    </Link>
  );
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** The customer's typing indicator: on with each "typing" event, off after 6 s of silence. */
function useCustomerTyping() {
  const [typing, setTyping] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const set = useCallback((on: boolean) => {
    window.clearTimeout(timer.current);
    setTyping(on);
    if (on) timer.current = window.setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [typing, set] as const;
}

function Conversation({ id }: { id: number }) {
  const detail = useApiQuery(getStaffConversation, { params: { id } });
  const canned = useApiQuery(listCannedReplies, {});
  const visible = usePageVisible();
  const [typing, setTyping] = useCustomerTyping();
  // Messages beyond the latest page: older ones loaded on demand, newer ones from the socket.
  const [extra, setExtra] = useState<SupportMessage[]>([]);
  const [olderHasMore, setOlderHasMore] = useState<boolean>();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [statusPending, setStatusPending] = useState(false);
  const [notice, setNotice] = useState<string>();
  const readingUpTo = useRef(0);
  const reloadTimer = useRef<number | undefined>(undefined);
  const { reload, setData } = detail;

  const data = detail.data;
  const conversation = data?.conversation;
  const messages = data ? mergeMessages(data.messages, extra) : [];
  const lastId = messages.at(-1)?.id ?? 0;
  const hasMore = olderHasMore ?? data?.hasMore ?? false;
  const name = conversation ? customerName(conversation) : '';
  useDocumentTitle(conversation ? t('support.detail.title', { name }) : t('nav.support'));

  /** Changes fields of the conversation shown, from what it is now. */
  const patchConversation = useCallback(
    (patch: (now: StaffConversation) => Partial<StaffConversation>) =>
      setData((current) =>
        current
          ? {
              ...current,
              conversation: { ...current.conversation, ...patch(current.conversation) },
            }
          : current,
      ),
    [setData],
  );
  const setConversation = useCallback(
    (next: StaffConversation) => patchConversation(() => next),
    [patchConversation],
  );

  const scheduleReload = useCallback(() => {
    if (reloadTimer.current !== undefined) return;
    reloadTimer.current = window.setTimeout(() => {
      reloadTimer.current = undefined;
      reload();
    }, RELOAD_COALESCE_MS);
  }, [reload]);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  // The agent has the page open and in view: everything shown is read. Only the customer's
  // messages count as unread (a reply moves the pointer on the server by itself).
  const staffReadUpTo = conversation?.staffReadUpTo ?? 0;
  const lastFromCustomer = messages.findLast((m) => m.author !== 'staff')?.id ?? 0;
  useEffect(() => {
    if (!visible || lastFromCustomer <= staffReadUpTo || lastId <= readingUpTo.current) {
      return;
    }
    readingUpTo.current = lastId;
    // Only the read pointer is taken from the reply: it may have been read on the server before an
    // assignment or a status change whose own reply came first, and must not undo it.
    apiCall(readStaffSupport, { params: { id }, body: { upTo: lastId }, quiet: true }).then(
      (next) =>
        patchConversation((now) => ({
          staffReadUpTo: Math.max(now.staffReadUpTo, next.staffReadUpTo),
          unread: next.unread,
        })),
      () => {
        // Not marked: the next message or visit tries again.
        readingUpTo.current = 0;
      },
    );
  }, [id, visible, lastId, lastFromCustomer, staffReadUpTo, patchConversation]);

  const onEvent = (event: SupportEvent) => {
    if (event.conversationId !== id) return;
    switch (event.kind) {
      case 'message':
        setExtra((current) => mergeMessages(current, [event.message]));
        if (event.message.author !== 'staff') setTyping(false);
        // Waiting time, assignee and status may have changed with it.
        scheduleReload();
        break;
      case 'read':
        if (event.by === 'customer') {
          patchConversation((now) => ({
            customerReadUpTo: Math.max(now.customerReadUpTo, event.upTo),
          }));
        }
        break;
      case 'typing':
        if (event.by === 'customer') setTyping(event.on);
        break;
      case 'conversation':
        scheduleReload();
        break;
    }
  };
  useSupportEvents(onEvent, scheduleReload);

  const loadOlder = async () => {
    const first = messages[0]?.id;
    if (first === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await apiCall(listStaffSupportMessages, {
        params: { id },
        query: { before: first },
      });
      setExtra((current) => mergeMessages(current, page.messages));
      setOlderHasMore(page.hasMore);
    } catch {
      // The client showed the server's message.
    } finally {
      setLoadingOlder(false);
    }
  };

  const changeStatus = async (to: 'closed' | 'open') => {
    setStatusPending(true);
    try {
      const next = await apiCall(to === 'closed' ? closeSupport : reopenSupport, {
        params: { id },
      });
      setConversation(next);
      setNotice(undefined);
      toast.success(
        t(to === 'closed' ? 'support.detail.closedDone' : 'support.detail.reopenedDone'),
      );
    } catch {
      // The client showed the server's message.
    } finally {
      setStatusPending(false);
    }
  };

  const refused = (error: ApiError) => {
    if (error.code === CONVERSATION_CLOSED) {
      setNotice(error.message);
      reload();
    }
  };

  if (!data || !conversation) {
    if (detail.error) {
      return (
        <div className="flex flex-col items-start gap-3">
          <BackLink />
          <InlineAlert>{detail.error.message}</InlineAlert>
          <Button onClick={detail.reload}>{t('common.retry')}</Button>
        </div>
      );
    }
    return (
      <>
        <BackLink />
        <p className="text-sm text-muted" role="status">
          {t('common.loading')}
        </p>
      </>
    );
  }

  const visitor = isVisitor(conversation);
  const open = conversation.status === 'open';
  return (
    <>
      <BackLink />
      <PageHeader
        title={<span data-testid="support-customer">{name}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="support-status" data-status={conversation.status}>
              <SupportStatusBadge status={conversation.status} />
            </span>
            {visitor ? <VisitorBadge /> : null}
            <span>{languageName(conversation.locale)}</span>
            <span aria-hidden="true">·</span>
            <span>{t('support.detail.number', { id: conversation.id })}</span>
          </span>
        }
        actions={
          <>
            <AssignControls conversation={conversation} onChanged={setConversation} />
            {open ? (
              <Button
                size="sm"
                pending={statusPending}
                data-testid="support-close"
                onClick={() => void changeStatus('closed')}
              >
                {t('support.detail.close')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="primary"
                pending={statusPending}
                data-testid="support-reopen"
                onClick={() => void changeStatus('open')}
              >
                {t('support.detail.reopen')}
              </Button>
            )}
          </>
        }
      />
      {notice ? (
        <InlineAlert className="mb-3" tone="warning">
          {notice}
        </InlineAlert>
      ) : null}
      {visitor ? (
        <InlineAlert tone="info" className="mb-3">
          {t('support.detail.visitorNote', { email: conversation.visitorEmail ?? '—' })}
        </InlineAlert>
      ) : null}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_21rem]">
        <section
          aria-label={t('support.detail.messages')}
          className="flex h-[calc(100dvh-13rem)] min-h-[26rem] flex-col overflow-hidden rounded-lg border border-line bg-canvas"
        >
          <MessageList
            messages={messages}
            customer={name}
            readReceiptId={readReceiptFor(messages, conversation.customerReadUpTo, visitor)}
            hasMore={hasMore}
            loadingOlder={loadingOlder}
            onLoadOlder={() => void loadOlder()}
            typing={typing}
          />
          <Composer
            conversation={conversation}
            canned={canned.data}
            onSent={(message) => {
              setExtra((current) => mergeMessages(current, [message]));
              scheduleReload();
            }}
            onRefused={refused}
            typing={(on) => staffSocket.typing(id, on)}
          />
        </section>
        <ContextPanel conversation={conversation} context={data.context} />
      </div>
    </>
  );
}

export function SupportConversationPage() {
  const { id } = useParams();
  const numeric = Number(id);
  if (Number.isInteger(numeric) && numeric > 0) return <Conversation key={numeric} id={numeric} />;
  return (
    <>
      <BackLink />
      <InlineAlert>{t('support.detail.badId')}</InlineAlert>
    </>
  );
}
