import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketType } from '@swx/contract';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { MarketList, MarketListSkeleton } from '../../../shared/market/market-list';
import { MARKET_TYPE_KEY, MARKET_TYPE_ORDER } from '../../../shared/market/market-types';
import { rememberRows, rememberedRows } from '../../../shared/market/remembered-rows';
import { SimulatedLabel } from '../../../shared/market/simulated-label';
import { TabStrip } from '../../../shared/ui/tabs';
import { paths } from '../../../shared/navigation/paths';
import { useRouteAvailable } from '../../../shared/navigation/route-availability';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/list';
import { fetchMarkets } from '../api/home.api';

/** The home market table: one tab per market type (crypto first), rows live on their own. */
export function MarketTable() {
  const { t } = useTranslation('markets');
  const available = useRouteAvailable();
  const [type, setType] = useState<MarketType>(2);
  const markets = useApiQuery(`home/markets/${type}`, (signal) => fetchMarkets(type, signal));
  const items = markets.data ?? [];
  // The skeleton is as long as this list was last time: what is below it stays put when it loads.
  const listName = `home/${type}`;
  const loaded = markets.data?.length;
  useEffect(() => {
    if (loaded) rememberRows(listName, loaded);
  }, [listName, loaded]);

  const panel =
    markets.status === 'loading' && !markets.data ? (
      <MarketListSkeleton rows={rememberedRows(listName, 6)} />
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
    ) : items.length === 0 ? (
      <EmptyState icon="market" title={t('table.empty')}>
        {t('table.emptyHint')}
      </EmptyState>
    ) : (
      <MarketList items={items} label={t(`types.${MARKET_TYPE_KEY[type]}`)} />
    );

  return (
    <section aria-labelledby="home-markets" data-testid="home-markets">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="home-markets" className="text-lg font-semibold">
          {t('table.title')}
        </h2>
        <SimulatedLabel sources={items.map((item) => item.source)} />
        {available(paths.market) ? (
          <Link to={paths.market} className="ms-auto text-sm font-medium text-link hover:underline">
            {t('table.viewAll')}
          </Link>
        ) : null}
      </div>
      <div className="mt-2">
        <TabStrip
          label={t('types.label')}
          value={String(type)}
          onChange={(value) => setType(Number(value) as MarketType)}
          tabs={MARKET_TYPE_ORDER.map((value) => ({
            value: String(value),
            label: t(`types.${MARKET_TYPE_KEY[value]}`),
          }))}
        >
          {panel}
        </TabStrip>
      </div>
    </section>
  );
}
