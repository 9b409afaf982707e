import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { useRefreshSignal, type RefreshSignal } from '../../../shared/api/refresh-signal';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatInteger } from '../../../shared/format/format-number';
import { useSession } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { NewerOlderPager } from '../../../shared/ui/newer-older-pager';

interface Page<T> {
  list: T[];
  total: number;
  pageSize: number;
}

/**
 * One server-paged list of the account's records (newest first) in the current account mode:
 * loading, failure with retry, empty and paging handled alike everywhere. `version` reloads it
 * after an action on one of its rows.
 */
export function PagedList<T extends { id: number }>({
  queryKey,
  load,
  empty,
  render,
  version = 0,
  refreshOn,
  testId,
}: {
  queryKey: string;
  load: (page: number, signal: AbortSignal) => Promise<Page<T>>;
  empty: string;
  render: (item: T) => ReactNode;
  version?: number;
  /** Reloads the current page in the background when emitted (a resync of the live socket). */
  refreshOn?: RefreshSignal;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('profile');
  const { mode } = useSession();
  const [page, setPage] = useState(1);
  const query = useApiQuery(
    `${mode}/${queryKey}/${page}/${version}`,
    (signal) => load(page, signal),
    { keepPreviousData: true },
  );
  useRefreshSignal(refreshOn, query.refresh);
  if (query.status === 'error' && !query.data) {
    return (
      <div className="flex flex-col items-start gap-3 py-4" role="alert">
        <p className="text-danger">
          {apiErrorMessage(query.error, i18n.t.bind(i18n), (k) => i18n.exists(k))}
        </p>
        <Button variant="secondary" onClick={query.retry}>
          {t('records.retry')}
        </Button>
      </div>
    );
  }
  if (!query.data) return <ListSkeleton label={t('records.loading')} />;
  const { list, total, pageSize } = query.data;
  if (list.length === 0) return <EmptyState icon="ledger" title={empty} />;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-line" data-testid={testId}>
        {list.map((item) => (
          <li key={item.id} className="py-3 text-sm">
            {render(item)}
          </li>
        ))}
      </ul>
      <NewerOlderPager
        label={t('records.pagination')}
        page={page}
        pages={pages}
        onPage={setPage}
        newer={t('notifications.newer')}
        older={t('notifications.older')}
        position={t('notifications.pageOf', {
          page: formatInteger(page, i18n.language),
          pages: formatInteger(pages, i18n.language),
        })}
      />
    </div>
  );
}

/** A label above its value, for the figures of an order. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="flex flex-col">
      <span className="text-xs text-muted">{label}</span>
      <span>{children}</span>
    </span>
  );
}
