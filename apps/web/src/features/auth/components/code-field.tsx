import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeButton } from './code-button';
import { describedBy, FieldFrame, inputClass, useFieldIds } from './field-frame';
import type { SentCode } from './use-code-sender';
import { isolate } from './use-complete-sign-in';

/**
 * The verification code input with its send button beside it; once a code is on its way, a
 * status line says where it went and for how long it is valid.
 */
export function CodeField({
  error,
  sent,
  address,
  sending,
  onSend,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  error?: string | undefined;
  /** The code sent to the address now in the form, if any. */
  sent: SentCode | null;
  /** That address as the user reads it. */
  address: string;
  sending: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation('auth');
  const { inputId, errorId, hintId } = useFieldIds();
  const hint = sent
    ? sent.validSeconds
      ? t('code.sentTo', {
          address: isolate(address),
          minutes: Math.max(1, Math.round(sent.validSeconds / 60)),
        })
      : t('code.sentToShort', { address: isolate(address) })
    : undefined;
  return (
    <FieldFrame
      label={t('code.label')}
      inputId={inputId}
      errors={[{ id: errorId, message: error }]}
      hint={hint}
      hintId={hintId}
      liveHint
    >
      <div className="flex gap-2">
        <input
          id={inputId}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId, hint ? hintId : null)}
          className={`${inputClass(Boolean(error))} tabular flex-1 tracking-widest`}
          {...input}
        />
        <CodeButton
          resendAt={sent?.resendAt ?? null}
          sentBefore={sent !== null}
          sending={sending}
          onClick={onSend}
        />
      </div>
    </FieldFrame>
  );
}
