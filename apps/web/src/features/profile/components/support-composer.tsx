import { SUPPORT_TEXT_MAX, type SupportMessage } from '@swx/contract';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../../shared/api/api-error';
import { Icon } from '../../../shared/ui/icons';
import { supportApi } from '../api/support.api';
import { canvasImageDeps } from '../image-decoder';
import { prepareKycImage } from '../kyc-image.rules';
import { useErrorText } from './use-error-text';

/** Typing signals go at most this often while the customer types. */
const TYPING_EVERY_MS = 2_000;

/**
 * The message field, the image button and send. Enter sends (Shift+Enter is a new line); each
 * message keeps one idempotency key until it is sent, so a retry after a network failure cannot
 * post it twice.
 */
export function SupportComposer({
  onSent,
  onTyping,
}: {
  onSent: (message: SupportMessage) => void;
  onTyping: (on: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<false | 'text' | 'image'>(false);
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const lastTyping = useRef(0);
  const fileRef = useRef<HTMLInputElement>(null);

  const stopTyping = () => {
    if (lastTyping.current === 0) return;
    lastTyping.current = 0;
    onTyping(false);
  };

  const change = (value: string) => {
    setText(value);
    setProblem(null);
    key.current = null;
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping(true);
    }
    if (!value.trim()) stopTyping();
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || busy) return;
    if (body.length > SUPPORT_TEXT_MAX) {
      setProblem(t('support.tooLong', { max: SUPPORT_TEXT_MAX }));
      return;
    }
    key.current ??= crypto.randomUUID();
    setBusy('text');
    try {
      const message = await supportApi.send(body, key.current);
      key.current = null;
      setText('');
      stopTyping();
      onSent(message);
    } catch (error) {
      if (!isAbort(error)) setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setBusy('image');
    try {
      const prepared = await prepareKycImage(file, canvasImageDeps);
      if (!prepared.ok || prepared.type === 'image/jp2') {
        setProblem(t('support.imageProblem'));
        return;
      }
      onSent(await supportApi.sendImage(prepared.blob, crypto.randomUUID()));
    } catch (error) {
      if (!isAbort(error)) setProblem(errorText(error));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const remaining = SUPPORT_TEXT_MAX - text.length;
  return (
    <form
      onSubmit={(e) => void send(e)}
      className="flex flex-col gap-1 border-t border-line p-2 sm:p-3"
    >
      {problem ? (
        <p role="alert" data-testid="support-error" className="px-1 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <div className="flex items-end gap-1">
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="support-image-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          disabled={busy !== false}
          aria-label={t('support.attach')}
          title={t('support.attach')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg disabled:opacity-50"
        >
          <Icon name="image" />
        </button>
        <label className="flex-1">
          <span className="sr-only">{t('support.message')}</span>
          <textarea
            value={text}
            onChange={(e) => change(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={stopTyping}
            rows={1}
            dir="auto"
            maxLength={SUPPORT_TEXT_MAX}
            placeholder={t('support.placeholder')}
            data-testid="support-composer"
            className="field-sizing-content max-h-40 min-h-11 w-full resize-none rounded-lg border border-line bg-canvas px-3 py-2.5 text-base outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-focus/40"
          />
        </label>
        <button
          type="submit"
          disabled={!text.trim() || busy !== false}
          aria-label={t('support.send')}
          title={t('support.send')}
          data-testid="support-send"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-on-primary hover:bg-primary-hover disabled:opacity-50"
        >
          <Icon name="send" />
        </button>
      </div>
      {remaining < 200 ? (
        <p className="px-1 text-end text-xs text-muted">
          {t('support.remaining', { count: remaining })}
        </p>
      ) : null}
      {busy === 'image' ? (
        <p className="px-1 text-xs text-muted" role="status">
          {t('support.uploading')}
        </p>
      ) : null}
    </form>
  );
}
