import type { SupportConversation, SupportMessage } from '@swx/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../shared/format/format-date';
import { realtime, useUserEvents } from '../../../shared/realtime/realtime';
import { Button } from '../../../shared/ui/button';
import { ListSkeleton } from '../../../shared/ui/list';
import { supportApi } from '../api/support.api';
import { groupByDay, lastId, mergeMessages, receiptOf, unreadCount } from '../support-chat.rules';
import { parseSupportEvent, supportUnreadStore } from '../support-store';
import { SupportComposer } from './support-composer';
import { SupportImageThumb } from './support-image';
import { useErrorText } from './use-error-text';

/** How long "support is typing" stays without a new signal. */
const TYPING_SHOWN_MS = 6_000;

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * The customer's conversation with support: history with paging, live messages, read receipts
 * both ways, support's typing indicator and the composer. Answers count as read while this page
 * is visible.
 */
export function SupportChat() {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const [conversation, setConversation] = useState<SupportConversation | null>(null);
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [state, setState] = useState<'loading' | 'ready' | { error: unknown }>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [staffTyping, setStaffTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const readUpTo = useRef(0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const markRead = useCallback(() => {
    const upTo = lastId(messagesRef.current);
    if (!visible() || upTo <= readUpTo.current) return;
    readUpTo.current = upTo;
    supportApi.read(upTo).then(
      (reply) => supportUnreadStore.set(reply.unread),
      (error: unknown) => console.warn('support read failed', error),
    );
  }, []);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const reply = await supportApi.conversation(signal);
      setConversation(reply.conversation);
      // A reload (the socket came back) keeps the earlier pages the reader already opened.
      const oldestShown = messagesRef.current[0]?.id;
      const oldestLoaded = reply.messages[0]?.id;
      if (oldestShown === undefined || oldestLoaded === undefined || oldestLoaded <= oldestShown) {
        setHasMore(reply.hasMore);
      }
      setMessages((current) => mergeMessages(current, reply.messages));
      readUpTo.current = Math.max(readUpTo.current, reply.conversation?.customerReadUpTo ?? 0);
      setState('ready');
    } catch (error) {
      if (!signal?.aborted) setState({ error });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Read while visible: on load, on each new answer, and when the tab comes back.
  useEffect(() => {
    if (state === 'ready') markRead();
  }, [state, messages, markRead]);
  useEffect(() => {
    const onVisible = () => markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);
  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  useUserEvents(
    (event) => {
      const parsed = parseSupportEvent(event);
      if (!parsed) return;
      switch (parsed.kind) {
        case 'message':
          setMessages((current) => mergeMessages(current, [parsed.message]));
          if (parsed.message.author === 'staff') setStaffTyping(false);
          if (conversation === null) void load();
          break;
        case 'read':
          setConversation((c) =>
            c === null
              ? c
              : parsed.by === 'staff'
                ? { ...c, staffReadUpTo: Math.max(c.staffReadUpTo, parsed.upTo) }
                : { ...c, customerReadUpTo: Math.max(c.customerReadUpTo, parsed.upTo) },
          );
          if (parsed.by === 'customer') readUpTo.current = Math.max(readUpTo.current, parsed.upTo);
          break;
        case 'typing':
          if (parsed.by !== 'staff') break;
          setStaffTyping(parsed.on);
          if (typingTimer.current) clearTimeout(typingTimer.current);
          if (parsed.on) {
            typingTimer.current = setTimeout(() => setStaffTyping(false), TYPING_SHOWN_MS);
          }
          break;
        case 'conversation':
          void load();
          break;
      }
    },
    () => void load(),
  );

  // New messages scroll into view when the reader was at the bottom; older pages keep the place.
  const previousHeight = useRef(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (stickToBottom.current) list.scrollTop = list.scrollHeight;
    else list.scrollTop += list.scrollHeight - previousHeight.current;
    previousHeight.current = list.scrollHeight;
    stickToBottom.current = true;
  }, [messages, staffTyping]);

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const reply = await supportApi.older(first.id);
      stickToBottom.current = false;
      if (listRef.current) previousHeight.current = listRef.current.scrollHeight;
      setMessages((current) => mergeMessages(current, reply.messages));
      setHasMore(reply.hasMore);
    } catch (error) {
      setState({ error });
    } finally {
      setLoadingOlder(false);
    }
  };

  const onSent = (message: SupportMessage) => {
    setMessages((current) => mergeMessages(current, [message]));
    setConversation((c) =>
      c === null
        ? {
            id: message.conversationId,
            status: 'open',
            staffReadUpTo: 0,
            customerReadUpTo: message.id,
            unread: 0,
          }
        : { ...c, status: 'open' },
    );
    readUpTo.current = Math.max(readUpTo.current, message.id);
  };

  if (state === 'loading') return <ListSkeleton rows={4} label={t('support.loading')} />;
  if (typeof state === 'object' && messages.length === 0) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-5"
      >
        <p className="text-danger">{errorText(state.error)}</p>
        <Button variant="secondary" onClick={() => void load()}>
          {t('support.retry')}
        </Button>
      </div>
    );
  }

  const receipt = receiptOf(messages, conversation);
  const unread = unreadCount(messages, conversation?.customerReadUpTo ?? 0);
  const groups = groupByDay(messages, (iso) => formatDate(iso, i18n.language));
  return (
    <section
      aria-label={t('support.title')}
      data-testid="support-chat"
      data-unread={unread}
      className="flex h-[calc(100dvh-18rem-env(safe-area-inset-bottom))] min-h-[20rem] flex-col overflow-hidden rounded-2xl border border-line bg-surface md:h-[36rem]"
    >
      <div
        ref={listRef}
        className="flex flex-1 flex-col gap-3 overflow-y-auto px-3 py-4 sm:px-5"
        aria-live="polite"
        aria-relevant="additions"
      >
        {hasMore ? (
          <Button
            variant="ghost"
            size="sm"
            className="self-center"
            disabled={loadingOlder}
            onClick={() => void loadOlder()}
            data-testid="support-older"
          >
            {loadingOlder ? t('support.loading') : t('support.older')}
          </Button>
        ) : null}
        {messages.length === 0 ? (
          <div
            className="m-auto flex max-w-sm flex-col items-center gap-2 text-center"
            data-testid="support-welcome"
          >
            <p className="text-lg font-semibold">{t('support.welcomeTitle')}</p>
            <p className="text-sm text-muted">{t('support.welcomeBody')}</p>
          </div>
        ) : null}
        {groups.map((group) => (
          <div key={`${group.day}-${group.messages[0]?.id}`} className="flex flex-col gap-2">
            <p className="self-center rounded-full bg-subtle px-3 py-0.5 text-xs text-muted">
              {group.day}
            </p>
            {group.messages.map((message) => (
              <Bubble
                key={message.id}
                message={message}
                receipt={receipt?.messageId === message.id ? receipt.read : null}
              />
            ))}
          </div>
        ))}
        {staffTyping ? (
          <p data-testid="support-typing" className="text-sm text-muted italic">
            {t('support.typing')}
          </p>
        ) : null}
      </div>
      {conversation?.status === 'closed' ? (
        <p
          data-testid="support-closed"
          className="border-t border-line bg-subtle px-4 py-2 text-sm text-muted"
        >
          {t('support.closed')}
        </p>
      ) : null}
      {typeof state === 'object' ? (
        <p role="alert" className="border-t border-line px-4 py-2 text-sm text-danger">
          {errorText(state.error)}
        </p>
      ) : null}
      <SupportComposer onSent={onSent} onTyping={(on) => realtime.typing(on)} />
    </section>
  );
}

function Bubble({ message, receipt }: { message: SupportMessage; receipt: boolean | null }) {
  const { t, i18n } = useTranslation('profile');
  const mine = message.author === 'customer';
  return (
    <div
      data-testid="support-message"
      data-author={message.author}
      data-id={message.id}
      className={`flex max-w-[85%] flex-col gap-1 sm:max-w-[75%] ${mine ? 'items-end self-end' : 'items-start self-start'}`}
    >
      {!mine ? <span className="text-xs font-medium text-muted">{t('support.agent')}</span> : null}
      <div
        className={`rounded-2xl px-3 py-2 ${
          mine ? 'rounded-ee-sm bg-primary text-on-primary' : 'rounded-es-sm bg-subtle text-fg'
        }`}
      >
        {message.image ? <SupportImageThumb image={message.image} /> : null}
        {message.text !== null ? (
          <p dir="auto" className="break-words whitespace-pre-wrap">
            {message.text}
          </p>
        ) : null}
      </div>
      <span className="flex items-center gap-2 text-xs text-muted">
        <time dateTime={message.createdAt}>{formatTime(message.createdAt, i18n.language)}</time>
        {receipt !== null ? (
          <span data-testid="support-receipt" data-read={receipt}>
            {receipt ? t('support.read') : t('support.sent')}
          </span>
        ) : null}
      </span>
    </div>
  );
}
