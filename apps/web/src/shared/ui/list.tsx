import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import { Skeleton } from './skeleton';

/** A bordered list of rows (notices, orders, records). */
export function List({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
    >
      {children}
    </ul>
  );
}

export function ListItem({ children }: { children: ReactNode }) {
  return <li className="min-w-0">{children}</li>;
}

/** Placeholder rows while a list loads; announced once as busy, not row by row. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex flex-col gap-2 p-4">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** Nothing to show: say so kindly and offer the next step. */
export function EmptyState({
  icon = 'info',
  title,
  children,
  action,
  headingLevel = 2,
}: {
  icon?: IconName;
  title: ReactNode;
  /** 1 when the empty state is the whole page (e.g. "page not found"). */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-subtle text-muted">
        <Icon name={icon} className="size-6" />
      </span>
      <Heading className={`font-semibold text-fg ${headingLevel === 1 ? 'text-xl' : 'text-base'}`}>
        {title}
      </Heading>
      {children ? <div className="max-w-prose text-sm text-muted">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
