import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketInfo, Timeframe } from '@swx/contract';
import { ApiError } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import {
  arrowOf,
  directionOf,
  directionTextClass,
  formatChange,
  formatPrice,
  moveDirection,
} from '../../../shared/market/change';
import { MarketChip } from '../../../shared/market/market-row';
import { SimulatedLabel } from '../../../shared/market/simulated-label';
import { flashPrice } from '../../../shared/market/flash';
import { useLiveQuote } from '../../../shared/market/use-live-quote';
import { useDeviceLayout } from '../../../shared/layout/device-context';
import { paths } from '../../../shared/navigation/paths';
import { buttonClass } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { Skeleton } from '../../../shared/ui/skeleton';
import { fetchCandles, fetchMarketInfo, fetchTradingHours } from '../api/market.api';
import { TimeframeSwitch } from '../components/timeframe-switch';
import { MyOrders } from '../trade/components/my-orders';
import { OrderPanel } from '../trade/components/order-panel';

// The chart library is its own chunk, fetched only on this page.
const CandleChart = lazy(() => import('../components/candle-chart'));

function positiveId(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** /cruuency?code=&type=&id=: one instrument with its live price, trading hours and chart. */
export default function CoinPage() {
  const { t } = useTranslation('markets');
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const info = useApiQuery(
    id === null ? null : `coin/info/${id}`,
    (signal) => fetchMarketInfo(id ?? 0, signal),
    { expectedCodes: [10101] },
  );
  const notFound =
    id === null ||
    (info.status === 'error' && info.error instanceof ApiError && info.error.code === 10101);

  if (notFound) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <EmptyState
          icon="market"
          headingLevel={1}
          title={t('coin.notFound')}
          action={
            <Link to={paths.market} className={buttonClass('primary')}>
              {t('coin.back')}
            </Link>
          }
        >
          {t('coin.notFoundHint')}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-8 lg:px-8">
      {info.data ? (
        <CoinDetail item={info.data} />
      ) : (
        <div className="flex items-center gap-3" role="status" aria-busy="true">
          <Skeleton className="size-12 rounded-full" />
          <span className="flex flex-col gap-2">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-24" />
          </span>
          <h1 className="sr-only">{t('common:state.loading')}</h1>
        </div>
      )}
    </div>
  );
}

function CoinDetail({ item }: { item: MarketInfo }) {
  const { t, i18n } = useTranslation('markets');
  const locale = i18n.language;
  const [timeframe, setTimeframe] = useState<Timeframe>('15min');
  const quote = useLiveQuote(item.code, { price: item.nowPrice, zdf: item.zdf });
  const candles = useApiQuery(`coin/candles/${item.code}/${timeframe}`, (signal) =>
    fetchCandles(item.code, timeframe, signal),
  );
  const priceRef = useRef<HTMLSpanElement>(null);
  const previous = useRef(quote.price);
  useEffect(() => {
    const move = moveDirection(previous.current, quote.price);
    previous.current = quote.price;
    if (move !== 'flat') flashPrice(priceRef.current, move);
  }, [quote.price]);
  const layout = useDeviceLayout();
  const direction = directionOf(quote.zdf);
  const inactive = !item.open || item.stale;
  const sources = [item.source, ...(candles.data ? [candles.data.source] : [])];

  return (
    <>
      <title>{t('coin.documentTitle', { code: item.code })}</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <img
            src={item.logo}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full bg-subtle"
          />
          <div className="flex min-w-0 flex-col">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="truncate text-xl font-bold sm:text-2xl">
                <bdi>{item.appName}</bdi>
              </h1>
              <MarketChip item={item} />
            </div>
            <Num className="text-sm text-muted">{item.code}</Num>
          </div>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <span
            ref={priceRef}
            data-testid="coin-price"
            className={`rounded px-1 text-3xl font-bold ${inactive ? 'text-muted' : 'text-fg'}`}
          >
            <Num>{formatPrice(quote.price, item.precision, locale)}</Num>
          </span>
          <span className="flex items-center gap-2 text-sm">
            <span className="text-muted">{t('coin.change24h')}</span>
            <span
              data-change={direction}
              className={`font-semibold ${inactive ? 'text-muted' : directionTextClass(direction)}`}
            >
              <Num>
                {arrowOf(direction) ? <span aria-hidden="true">{arrowOf(direction)} </span> : null}
                {formatChange(quote.zdf, locale)}
              </Num>
            </span>
          </span>
        </div>
      </header>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SimulatedLabel sources={sources} />
        <TradingHours code={item.code} />
      </div>
      {/* Chart beside the order panel on desktop; on phones the panel opens as a sheet. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="coin-chart"
          className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-3 sm:p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="coin-chart" className="font-semibold">
              {t('chart.title')}
            </h2>
            <TimeframeSwitch value={timeframe} onChange={setTimeframe} />
          </div>
          <div className="relative min-h-80 sm:min-h-96">
            {candles.data && candles.data.timeframe === timeframe ? (
              <Suspense fallback={<Skeleton className="h-80 w-full sm:h-96" />}>
                <CandleChart
                  code={item.code}
                  timeframe={timeframe}
                  candles={candles.data.candles}
                  precision={item.precision}
                />
                {candles.data.candles.length === 0 ? (
                  <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
                    {t('chart.empty')}
                  </p>
                ) : null}
              </Suspense>
            ) : candles.status === 'error' ? (
              <EmptyState icon="alert" title={t('chart.loadFailed')} />
            ) : (
              <Skeleton className="h-80 w-full sm:h-96" />
            )}
          </div>
        </section>
        <div className="min-w-0">
          <OrderPanel item={item} price={quote.price} />
        </div>
      </div>
      <MyOrders item={item} price={quote.price} />
      {/* Room for the phone layout's trade bar, so it never covers the last rows. */}
      {layout === 'mobile' ? <div className="h-16" aria-hidden="true" /> : null}
    </>
  );
}

function TradingHours({ code }: { code: string }) {
  const { t, i18n } = useTranslation('markets');
  const hours = useApiQuery(`coin/hours/${code}`, (signal) => fetchTradingHours(code, signal), {
    silent: true,
  });
  if (!hours.data) return null;
  const { open, closesAt, nextOpen, calendar } = hours.data;
  const continuous = calendar === 'always';
  const locale = i18n.language;
  return (
    <p
      data-testid="trading-hours"
      data-open={open ? 'true' : 'false'}
      className="flex flex-wrap items-center gap-2 text-sm text-muted"
    >
      <span className="sr-only">{t('hours.title')}:</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${open ? 'bg-success-soft text-success' : 'bg-subtle text-muted'}`}
      >
        {t(open ? 'state.open' : 'state.closed')}
      </span>
      {open && continuous ? (
        <span>{t('hours.continuous')}</span>
      ) : open && closesAt ? (
        <span>{t('hours.closesAt', { time: formatDateTime(closesAt, locale) })}</span>
      ) : open ? (
        <span>{t('hours.continuous')}</span>
      ) : nextOpen ? (
        <span>{t('hours.nextOpen', { time: formatDateTime(nextOpen, locale) })}</span>
      ) : null}
    </p>
  );
}
