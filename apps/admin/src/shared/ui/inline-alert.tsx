import type { ReactNode } from 'react';

export type AlertTone = 'danger' | 'success' | 'warning' | 'info';

const tones: Record<AlertTone, string> = {
  danger: 'border-danger/40 bg-danger/10',
  success: 'border-success/40 bg-success/10',
  warning: 'border-warning/40 bg-warning/10',
  info: 'border-accent/40 bg-accent/10',
};

/** A message in the flow of the page; errors are announced as they appear. */
export function InlineAlert({
  tone = 'danger',
  children,
  className,
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`rounded-md border px-3 py-2 text-sm ${tones[tone]} ${className ?? ''}`}
    >
      {children}
    </div>
  );
}
