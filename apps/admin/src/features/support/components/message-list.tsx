import { STAFF_SUPPORT_IMAGE_PATH, type SupportMessage } from '@swx/contract';
import { useLayoutEffect, useRef } from 'react';
import { t } from '../../../i18n/translate';
import { Button } from '../../../shared/ui/button';
import { PrivateImage } from '../../../shared/ui/private-image';
import { TimeStamp } from '../../../shared/ui/time-stamp';

/** Within this many pixels of the end counts as "at the end": new messages then scroll into view. */
const STICK_PX = 80;

function MessageBubble({
  message,
  customer,
  read,
}: {
  message: SupportMessage;
  customer: string;
  read: boolean;
}) {
  const staff = message.author === 'staff';
  const author = staff ? (message.staffName ?? t('support.author.staff')) : customer;
  return (
    <li
      data-testid="support-message"
      data-author={message.author}
      data-message-id={message.id}
      className={`flex max-w-[min(36rem,85%)] flex-col gap-1 ${staff ? 'items-end self-end' : 'items-start self-start'}`}
    >
      <div className="flex items-baseline gap-2 px-1 text-xs text-muted">
        <span className="font-medium text-fg">{author}</span>
        <TimeStamp iso={message.createdAt} />
      </div>
      <div
        className={`rounded-lg border px-3 py-2 text-sm ${
          staff ? 'border-accent/30 bg-accent/10' : 'border-line bg-surface'
        }`}
      >
        {message.text !== null ? (
          // Plain text, never HTML: React escapes it, links stay text, line breaks are kept.
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]" dir="auto">
            {message.text}
          </p>
        ) : null}
        {message.image ? (
          <div data-testid="support-message-image" className="w-64 max-w-full">
            <PrivateImage
              path={STAFF_SUPPORT_IMAGE_PATH.replace(':id', String(message.image.id))}
              label={t('support.detail.imageLabel', { author })}
              alt={t('support.detail.imageAlt', { author })}
              downloadName={`support-${message.conversationId}-${message.image.id}.jpg`}
            />
          </div>
        ) : null}
      </div>
      {read ? (
        <span data-testid="support-read" className="px-1 text-xs font-medium text-success">
          <span aria-hidden="true">✓✓ </span>
          {t('support.detail.read')}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The conversation, oldest first, in a scrolling pane that keeps to the newest message while the
 * reader is at the end, and keeps its place when older messages are loaded above.
 */
export function MessageList({
  messages,
  customer,
  readReceiptId,
  hasMore,
  loadingOlder,
  onLoadOlder,
  typing,
}: {
  messages: readonly SupportMessage[];
  customer: string;
  readReceiptId: number | null;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  typing: boolean;
}) {
  const pane = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const firstId = useRef<number | undefined>(undefined);
  const heightBefore = useRef(0);

  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = pane.current;
    if (!el) return;
    const prepended =
      firstId.current !== undefined && first !== undefined && first < firstId.current;
    if (prepended) {
      // Older messages went in above: stay on the message that was in view.
      el.scrollTop += el.scrollHeight - heightBefore.current;
    } else if (atEnd.current) {
      el.scrollTop = el.scrollHeight;
    }
    firstId.current = first;
    heightBefore.current = el.scrollHeight;
  }, [first, last, typing]);

  return (
    <div
      ref={pane}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto px-3 py-3 sm:px-4"
      onScroll={(event) => {
        const el = event.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        heightBefore.current = el.scrollHeight;
      }}
    >
      {hasMore ? (
        <div className="mb-3 flex justify-center">
          <Button
            size="sm"
            pending={loadingOlder}
            onClick={onLoadOlder}
            data-testid="support-load-older"
          >
            {t('support.detail.loadOlder')}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="m-auto text-sm text-muted">{t('support.detail.noMessages')}</p>
      ) : null}
      <ol aria-label={t('support.detail.messages')} className="flex flex-col gap-3">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            customer={customer}
            read={message.id === readReceiptId}
          />
        ))}
      </ol>
      <div aria-live="polite" className="min-h-6 pt-2">
        {typing ? (
          <p data-testid="support-typing" className="text-xs text-muted italic">
            {t('support.detail.typing', { name: customer })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
