import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketItem } from '@swx/contract';
import { Skeleton } from '../ui/skeleton';
import { MARKET_ROW_GRID, MarketRow } from './market-row';

/** Column captions above the rows (decorative: each row's link reads its own figures). */
export function MarketListHeader({ leading = false }: { leading?: boolean }) {
  const { t } = useTranslation('markets');
  return (
    <div
      aria-hidden="true"
      className={`${MARKET_ROW_GRID} border-b border-line px-2 py-2 text-xs font-medium text-muted sm:px-3 ${leading ? 'ps-13 sm:ps-14' : ''}`}
    >
      <span>{t('table.name')}</span>
      <span className="text-end sm:hidden">
        {t('table.price')} / {t('table.change')}
      </span>
      <span className="hidden text-end sm:block">{t('table.price')}</span>
      <span className="hidden text-end sm:block">{t('table.change')}</span>
      <span className="text-end">{t('table.trend')}</span>
    </div>
  );
}

/** The rows of a market list in a bordered surface, each row live on its own. */
export function MarketList({
  items,
  label,
  leading,
}: {
  items: readonly MarketItem[];
  label: string;
  leading?: (item: MarketItem) => ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface">
      <MarketListHeader leading={Boolean(leading)} />
      <ul aria-label={label} data-market-list="">
        {items.map((item) => (
          <MarketRow key={item.code} item={item} leading={leading?.(item)} />
        ))}
      </ul>
    </div>
  );
}

export function MarketListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('state.loading')}
      className="overflow-hidden rounded-xl border border-line bg-surface"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 border-b border-line p-3 last:border-b-0">
          <Skeleton className="size-8 rounded-full" />
          <span className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-3.5 w-24" />
            <Skeleton className="h-3 w-32" />
          </span>
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}
