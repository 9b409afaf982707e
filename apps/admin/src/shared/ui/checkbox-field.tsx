import { Checkbox } from 'radix-ui';
import { type ReactNode, useId } from 'react';

export function CheckboxField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border border-line bg-surface data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg"
      >
        <Checkbox.Indicator>
          <svg viewBox="0 0 12 12" className="size-3" aria-hidden="true">
            <path d="M2.5 6.5l2.3 2.3 4.7-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </Checkbox.Indicator>
      </Checkbox.Root>
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description ? (
          <span id={`${id}-description`} className="text-xs text-muted">
            {description}
          </span>
        ) : null}
      </div>
    </div>
  );
}
