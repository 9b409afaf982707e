import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A native select (the phone's own picker on mobile) styled like the kit's TextField. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className = '',
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  /** An empty first option ("Choose…") while nothing is chosen. */
  placeholder?: string;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={`block min-h-11 w-full rounded-lg border bg-surface px-3 py-2 text-base text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus ${
          error ? 'border-danger' : 'border-line-strong'
        }`}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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

/** One of a few choices as segmented radio buttons (sex, document type, code channel). */
export function ChoiceField<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
  error,
  className = '',
}: {
  label: ReactNode;
  name: string;
  value: V | '';
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  error?: string | undefined;
  className?: string;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={`flex flex-col gap-1.5 ${className}`}
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
              value === option.value
                ? 'border-primary bg-primary-soft text-link'
                : error
                  ? 'border-danger bg-surface text-fg'
                  : 'border-line-strong bg-surface text-fg hover:bg-subtle'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-(--color-primary)"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A form-level message (what is missing, what the server said). */
export function FormAlert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
    >
      {children}
    </div>
  );
}
