import { Switch as RadixSwitch } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';

const rootClass =
  'inline-flex h-5 w-9 shrink-0 items-center justify-start rounded-full border border-line bg-raised p-0.5 ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-50 ' +
  'data-[state=checked]:justify-end data-[state=checked]:border-success data-[state=checked]:bg-success';
// The thumb moves by justify-content, not by a physical translate, so it follows the text direction.
const thumbClass = 'block size-3.5 rounded-full bg-muted shadow data-[state=checked]:bg-surface';

/** An on/off switch (role="switch"); name it with aria-label or use SwitchField for a visible label. */
export function Switch({
  pending,
  className,
  disabled,
  ...props
}: ComponentProps<typeof RadixSwitch.Root> & { pending?: boolean }) {
  return (
    <RadixSwitch.Root
      className={`${rootClass} ${pending ? 'animate-pulse' : ''} ${className ?? ''}`}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      <RadixSwitch.Thumb className={thumbClass} />
    </RadixSwitch.Root>
  );
}

export function SwitchField({
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
    <div className="flex items-start gap-2.5">
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5"
      />
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
