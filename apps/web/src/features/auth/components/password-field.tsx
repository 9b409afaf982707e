import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldFrame, inputClass, useFieldIds } from './field-frame';

// An eye and a struck-through eye (24 px grid, like the kit's icons).
const EYE = 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7c1.9 0 3.6-.6 5-1.4M9.9 9.9a3 3 0 0 0 4.2 4.2';

export interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A password input with a show/hide toggle at its end edge. The toggle keeps one name ("Show
 * password") and reports its state with aria-pressed, so screen readers say "on" or "off".
 */
export function PasswordField({
  label,
  error,
  hint,
  className = '',
  ...input
}: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const { inputId, errorId, hintId } = useFieldIds();
  return (
    <FieldFrame
      label={label}
      inputId={inputId}
      errors={[{ id: errorId, message: error }]}
      hint={hint}
      hintId={hintId}
      className={className}
    >
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId, hint ? hintId : null)}
          className={`${inputClass(Boolean(error))} pe-12 [&::-ms-reveal]:hidden`}
          {...input}
        />
        <button
          type="button"
          aria-label={t('password.show')}
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-e-lg text-muted hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus"
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
            className="size-5"
          >
            <path d={visible ? EYE_OFF : EYE} />
          </svg>
        </button>
      </div>
    </FieldFrame>
  );
}
