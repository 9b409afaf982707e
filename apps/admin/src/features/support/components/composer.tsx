import {
  type CannedReply,
  replySupport,
  replySupportImage,
  type StaffConversation,
  type SupportMessage,
} from '@swx/contract';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall, newIdempotencyKey } from '../../../shared/api/api-client';
import { type ApiError, isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { controlClass } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import {
  canSend,
  cannedText,
  insertCanned,
  isSendKey,
  isVisitor,
  normaliseText,
  TEXT_MAX,
  TYPING_THROTTLE_MS,
} from '../support.rules';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** A failure worth retrying with the same key: the server may have done it and the reply was lost. */
function mayHaveHappened(error: ApiError) {
  return error.failure === 'network' || error.failure === 'timeout';
}

/**
 * The reply box: Enter sends, Shift+Enter adds a line; an image; a canned reply in the customer's
 * language. Each send carries an Idempotency-Key, kept for a retry of the same text after a lost
 * reply so the customer never gets it twice.
 */
export function Composer({
  conversation,
  canned,
  onSent,
  onRefused,
  typing,
}: {
  conversation: Pick<StaffConversation, 'id' | 'status' | 'locale' | 'userId'>;
  canned: readonly CannedReply[] | undefined;
  onSent: (message: SupportMessage) => void;
  /** The server said no (closed meanwhile, 10167): the page reloads the conversation. */
  onRefused: (error: ApiError) => void;
  typing: (on: boolean) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const attempt = useRef<{ text: string; key: string } | null>(null);
  const typingSentAt = useRef(0);
  const closed = conversation.status === 'closed';
  const visitor = isVisitor(conversation);

  const stopTyping = () => {
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    typing(false);
  };
  // Leaving the page stops the indicator on the customer's side.
  const stopRef = useRef(stopTyping);
  stopRef.current = stopTyping;
  useEffect(() => () => stopRef.current(), []);

  const failed = (error: unknown) => {
    const apiError = isApiError(error) ? error : undefined;
    setProblem(apiError?.message ?? String(error));
    if (apiError && !mayHaveHappened(apiError)) {
      attempt.current = null;
      if (apiError.failure === 'server') onRefused(apiError);
    }
  };

  const send = async () => {
    const text = normaliseText(draft);
    if (sending || closed || !canSend(text)) return;
    if (attempt.current?.text !== text) attempt.current = { text, key: newIdempotencyKey() };
    setSending(true);
    setProblem(undefined);
    stopTyping();
    try {
      const message = await apiCall(replySupport, {
        params: { id: conversation.id },
        body: { text },
        idempotencyKey: attempt.current.key,
        quiet: true,
      });
      attempt.current = null;
      setDraft('');
      onSent(message);
    } catch (error) {
      failed(error);
    } finally {
      setSending(false);
      textarea.current?.focus();
    }
  };

  const sendImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setProblem(t('support.composer.imageType'));
      return;
    }
    const form = new FormData();
    form.append('image', file);
    setSending(true);
    setProblem(undefined);
    try {
      onSent(
        await apiCall(replySupportImage, {
          params: { id: conversation.id },
          formData: form,
          idempotencyKey: newIdempotencyKey(),
          quiet: true,
        }),
      );
    } catch (error) {
      failed(error);
    } finally {
      setSending(false);
    }
  };

  const change = (value: string) => {
    setDraft(value);
    if (!value.trim()) {
      stopTyping();
      return;
    }
    const now = Date.now();
    if (now - typingSentAt.current >= TYPING_THROTTLE_MS) {
      typingSentAt.current = now;
      typing(true);
    }
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (
      isSendKey({
        key: event.key,
        shiftKey: event.shiftKey,
        isComposing: event.nativeEvent.isComposing,
      })
    ) {
      event.preventDefault();
      void send();
    }
  };

  const pickCanned = (value: string) => {
    const reply = canned?.find((c) => String(c.id) === value);
    if (!reply) return;
    setDraft((current) => insertCanned(current, cannedText(reply, conversation.locale)));
    textarea.current?.focus();
  };

  const length = draft.length;
  return (
    <div className="flex flex-col gap-2 border-t border-line bg-surface p-3">
      {problem ? (
        <InlineAlert className="flex items-start justify-between gap-2">
          <span data-testid="support-send-error">{problem}</span>
          <button
            type="button"
            className="text-muted hover:text-fg"
            aria-label={t('toast.dismiss')}
            onClick={() => setProblem(undefined)}
          >
            ×
          </button>
        </InlineAlert>
      ) : null}
      {closed ? <InlineAlert tone="info">{t('support.detail.closedNote')}</InlineAlert> : null}
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('support.composer.label')}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textarea}
        data-testid="support-composer"
        className={`${controlClass} min-h-20 resize-y leading-relaxed`}
        rows={3}
        maxLength={TEXT_MAX}
        dir="auto"
        placeholder={t(
          visitor ? 'support.composer.placeholderVisitor' : 'support.composer.placeholder',
        )}
        value={draft}
        disabled={closed}
        aria-describedby={`${id}-count`}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        onBlur={stopTyping}
      />
      <div className="flex flex-wrap items-center gap-2">
        <select
          data-testid="support-canned"
          aria-label={t('support.composer.canned')}
          className={`${controlClass} w-auto max-w-60`}
          value=""
          disabled={closed || !canned?.length}
          onChange={(event) => pickCanned(event.target.value)}
        >
          <option value="">
            {t(
              canned?.length === 0 ? 'support.composer.cannedNone' : 'support.composer.cannedPick',
            )}
          </option>
          {canned?.map((reply) => (
            <option key={reply.id} value={reply.id}>
              {reply.title}
            </option>
          ))}
        </select>
        {visitor ? null : (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              className="hidden"
              tabIndex={-1}
              data-testid="support-image-input"
              onChange={(event) => void sendImage(event)}
            />
            <Button
              size="md"
              disabled={closed || sending}
              onClick={() => fileInput.current?.click()}
              title={t('support.composer.imageHint')}
            >
              <span aria-hidden="true">▣</span>
              {t('support.composer.image')}
            </Button>
          </>
        )}
        <span
          id={`${id}-count`}
          className={`ms-auto text-xs tabular-nums ${length >= TEXT_MAX ? 'text-danger' : 'text-muted'}`}
        >
          {t('support.composer.count', { count: length, max: TEXT_MAX })}
        </span>
        <Button
          variant="primary"
          data-testid="support-send"
          pending={sending}
          disabled={closed || !canSend(draft)}
          onClick={() => void send()}
        >
          {t('support.composer.send')}
        </Button>
      </div>
    </div>
  );
}
