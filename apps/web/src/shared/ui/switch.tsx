/**
 * An on/off switch (role="switch"), named by the element whose id is `labelledBy`; its knob moves
 * to the end side when on, mirrored in right-to-left.
 */
export function Switch({
  checked,
  onChange,
  labelledBy,
  disabled = false,
  ...data
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  labelledBy: string;
  disabled?: boolean;
} & { [key: `data-${string}`]: string | undefined }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${
        checked ? 'bg-primary' : 'bg-line-strong'
      }`}
      {...data}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
          checked ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'
        }`}
      />
    </button>
  );
}
