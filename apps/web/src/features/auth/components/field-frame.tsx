import { useId, type ReactNode } from 'react';
import { Icon } from '../../../shared/ui/icons';

/** The ids that tie a composite field's label, error and hint to its input. */
export function useFieldIds() {
  const id = useId();
  return { inputId: `${id}-input`, errorId: `${id}-error`, hintId: `${id}-hint` };
}

/** `aria-describedby` for an input: its error first, then its hint. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The look of the kit's TextField input, for fields that need more than one control. */
export function inputClass(invalid: boolean): string {
  return `block min-h-11 w-full min-w-0 rounded-lg border bg-surface px-3 py-2 text-base text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus pointer-coarse:min-h-12 ${
    invalid ? 'border-danger' : 'border-line-strong'
  }`;
}

/** Label, control row, error and hint laid out like the kit's TextField. */
export function FieldFrame({
  label,
  inputId,
  errors,
  hint,
  hintId,
  liveHint = false,
  children,
  className = '',
}: {
  label: ReactNode;
  inputId: string;
  /** Already translated messages with the ids the controls point to. */
  errors: readonly { id: string; message: string | undefined }[];
  hint?: ReactNode;
  hintId?: string;
  /** The hint changes after an action (e.g. "code sent") and is announced politely. */
  liveHint?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {errors.map(({ id, message }) =>
        message ? (
          <p key={id} id={id} className="text-sm text-danger">
            {message}
          </p>
        ) : null,
      )}
      {liveHint ? (
        <p id={hintId} role="status" className="text-sm text-muted empty:hidden">
          {hint}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (the server's answer), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className="empty:hidden">
      {message ? (
        <p className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2.5 text-sm text-danger">
          <Icon name="alert" className="mt-0.5 size-4" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
