import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { t } from '../../i18n/translate';
import { Button } from './button';

// Descendant selectors outrank the cells' own padding and alignment classes.
const compactClass = '[&_td]:px-2 [&_td]:py-1.5 [&_td]:align-middle [&_th]:px-2';

/**
 * A dense table that scrolls sideways on narrow screens instead of squeezing its columns.
 * `compact`: tighter cells, vertically centred, for wide tables of short values.
 */
export function DataTable({
  caption,
  children,
  compact = false,
}: {
  caption: string;
  children: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
      <table className={`w-full border-collapse text-sm ${compact ? compactClass : ''}`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={`border-b border-line bg-raised px-3 py-2 text-start text-xs font-semibold whitespace-nowrap text-muted ${className ?? ''}`}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`border-b border-line px-3 py-2 align-top ${className ?? ''}`} {...rest} />;
}

export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="border-b border-line px-3 py-2.5">
              <span className="block h-3 w-3/4 animate-pulse rounded bg-raised" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-8 text-center text-sm text-muted">
        {children}
      </td>
    </tr>
  );
}

/**
 * The rows a list shows before it has data: skeletons while loading, or a message with a retry
 * button when loading failed. Nothing once data is there.
 */
export function LoadStateRows({
  columns,
  rows,
  loading,
  failed,
  onRetry,
}: {
  columns: number;
  rows?: number;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  if (failed) {
    return (
      <MessageRow columns={columns}>
        {t('common.loadFailed')}{' '}
        <Button size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </MessageRow>
    );
  }
  return loading ? (
    <SkeletonRows columns={columns} {...(rows === undefined ? {} : { rows })} />
  ) : null;
}
