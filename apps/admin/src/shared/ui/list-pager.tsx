import { t } from '../../i18n/translate';
import { Button } from './button';

/** Previous / next under a paged list, with the range shown. */
export function ListPager({
  label,
  data,
  onPage,
}: {
  /** Names the navigation landmark ("Customer list pages"). */
  label: string;
  data: { total: number; page: number; pageSize: number } | undefined;
  onPage: (page: number) => void;
}) {
  const page = data?.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;
  return (
    <nav
      aria-label={label}
      className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm"
    >
      <span className="text-muted" aria-live="polite">
        {data ? t('common.pageRange', { first, last, total: data.total }) : null}
      </span>
      <div className="flex items-center gap-2">
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common.previous')}
        </Button>
        <span className="tabular-nums">{t('common.pageOf', { page, pages })}</span>
        <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.next')}
        </Button>
      </div>
    </nav>
  );
}
