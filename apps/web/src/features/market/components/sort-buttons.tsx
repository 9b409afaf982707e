import { useTranslation } from 'react-i18next';
import { nextSort, type Sort, type SortKey } from '../sorting';

const KEYS: readonly SortKey[] = ['name', 'change', 'price'];
const COLUMN: Record<SortKey, string> = {
  name: 'table.name',
  change: 'table.change',
  price: 'table.price',
};

/** Sort by name, change or price; pressing the active one flips its order. */
export function SortButtons({ sort, onSort }: { sort: Sort | null; onSort: (sort: Sort) => void }) {
  const { t } = useTranslation('markets');
  return (
    <div role="group" aria-label={t('sort.label')} className="flex flex-wrap items-center gap-1">
      <span aria-hidden="true" className="me-1 text-xs font-medium text-muted">
        {t('sort.label')}
      </span>
      {KEYS.map((key) => {
        const active = sort?.key === key;
        const next = nextSort(sort, key);
        const column = t(COLUMN[key]);
        return (
          <button
            key={key}
            type="button"
            data-sort={key}
            data-order={active ? sort.order : undefined}
            aria-pressed={active}
            aria-label={t('sort.action', { column, order: t(`sort.${next.order}`) })}
            onClick={() => onSort(next)}
            className={`inline-flex min-h-9 items-center gap-1 rounded-lg border px-3 text-sm pointer-coarse:min-h-11 ${
              active
                ? 'border-primary bg-primary-soft font-semibold text-link'
                : 'border-line text-fg hover:bg-subtle'
            }`}
          >
            {column}
            {active ? <span aria-hidden="true">{sort.order === 'asc' ? '↑' : '↓'}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
