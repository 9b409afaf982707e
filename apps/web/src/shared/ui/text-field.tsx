import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Already translated validation message; shown under the field and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Visually hide the label (it stays the accessible name), e.g. a search box with a placeholder. */
  hideLabel?: boolean;
  /** Rendered at the start edge inside the field (an icon). */
  startAdornment?: ReactNode;
}

export function TextField({
  label,
  error,
  hint,
  hideLabel = false,
  startAdornment,
  className = '',
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-fg'}>
        {label}
      </label>
      <div className="relative">
        {startAdornment ? (
          <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-muted">
            {startAdornment}
          </span>
        ) : null}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block min-h-11 w-full rounded-lg border bg-surface py-2 pe-3 text-base text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus ${
            startAdornment ? 'ps-10' : 'ps-3'
          } ${error ? 'border-danger' : 'border-line-strong'}`}
          {...input}
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
