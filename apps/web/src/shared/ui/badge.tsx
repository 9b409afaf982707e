import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'danger' | 'demo';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-subtle text-fg',
  primary: 'bg-primary-soft text-link',
  success: 'bg-success-soft text-success',
  danger: 'bg-danger-soft text-danger',
  demo: 'bg-demo text-on-demo',
};

export function Badge({
  tone = 'neutral',
  children,
  className = '',
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
