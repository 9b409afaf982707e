import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { MarketList, MarketListSkeleton } from '../../../shared/market/market-list';
import {
  MARKET_TYPE_KEY,
  MARKET_TYPE_ORDER,
  parseMarketType,
} from '../../../shared/market/market-types';
import { SimulatedLabel } from '../../../shared/market/simulated-label';
import { TabStrip } from '../../../shared/ui/tabs';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState } from '../../../shared/ui/list';
import { TextField } from '../../../shared/ui/text-field';
import { fetchAllMarkets } from '../api/market.api';
import { FavouriteButton } from '../components/favourite-button';
import { SortButtons } from '../components/sort-buttons';
import { useFavourites } from '../favourites';
import { matchesSearch, sortMarkets, type Sort } from '../sorting';

const FAVOURITES = 'favourites';

/** /market: every instrument by type, with search, sorting and favourites; prices live per row. */
export default function MarketPage() {
  const { t, i18n } = useTranslation('markets');
  const [params, setParams] = useSearchParams();
  const tab =
    params.get('tab') === FAVOURITES
      ? FAVOURITES
      : String(parseMarketType(params.get('tab')) ?? MARKET_TYPE_ORDER[0]);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const favouriteCodes = useFavourites();
  const markets = useApiQuery('market/all', fetchAllMarkets);

  const visible = useMemo(() => {
    const all = markets.data ?? [];
    const inTab =
      tab === FAVOURITES
        ? all.filter((item) => favouriteCodes.includes(item.code))
        : all.filter((item) => String(item.type) === tab);
    return sortMarkets(
      inTab.filter((item) => matchesSearch(item, query)),
      sort,
      i18n.language,
    );
  }, [markets.data, tab, favouriteCodes, query, sort, i18n.language]);

  const panel =
    markets.status === 'loading' && !markets.data ? (
      <MarketListSkeleton rows={8} />
    ) : markets.status === 'error' && !markets.data ? (
      <EmptyState
        icon="alert"
        title={t('common:state.loadFailed')}
        action={
          <Button variant="secondary" onClick={markets.retry}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    ) : visible.length > 0 ? (
      <MarketList
        items={visible}
        label={tab === FAVOURITES ? t('types.favourites') : t(`types.${tabKey(tab)}`)}
        leading={(item) => <FavouriteButton code={item.code} name={item.appName} />}
      />
    ) : query.trim() ? (
      <EmptyState icon="search" title={t('search.empty', { query: query.trim() })}>
        {t('search.emptyHint')}
      </EmptyState>
    ) : tab === FAVOURITES ? (
      <EmptyState icon="market" title={t('favourites.empty')}>
        {t('favourites.emptyHint')}
      </EmptyState>
    ) : (
      <EmptyState icon="market" title={t('table.empty')}>
        {t('table.emptyHint')}
      </EmptyState>
    );

  const tabs = [
    ...MARKET_TYPE_ORDER.map((type) => ({
      value: String(type),
      label: t(`types.${MARKET_TYPE_KEY[type]}`),
    })),
    { value: FAVOURITES, label: t('types.favourites') },
  ];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6 md:py-10 lg:px-8">
      <title>{t('market.documentTitle')}</title>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('market.title')}</h1>
          <SimulatedLabel sources={visible.map((item) => item.source)} />
        </div>
        <p className="text-muted">{t('market.lead')}</p>
      </header>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          type="search"
          label={t('search.label')}
          hideLabel
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          startAdornment={<Icon name="search" className="size-4" />}
          className="sm:w-72"
          autoComplete="off"
          spellCheck={false}
        />
        <SortButtons sort={sort} onSort={setSort} />
      </div>
      <TabStrip
        label={t('types.label')}
        value={tab}
        tabs={tabs}
        onChange={(value) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        {panel}
      </TabStrip>
    </div>
  );
}

function tabKey(tab: string): string {
  const type = parseMarketType(tab);
  return type ? MARKET_TYPE_KEY[type] : 'crypto';
}
