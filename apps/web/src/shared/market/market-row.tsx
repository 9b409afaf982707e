import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketItem } from '@swx/contract';
import { coinHref } from '../navigation/paths';
import { Num } from '../ui/num';
import {
  arrowOf,
  directionOf,
  directionTextClass,
  formatChange,
  formatPrice,
  moveDirection,
} from './change';
import { Sparkline } from './sparkline';
import { flashPrice } from './flash';
import { useInView } from '../ui/use-in-view';
import { useLiveQuote } from './use-live-quote';

/** Grid columns shared by the rows and the header above them. */
export const MARKET_ROW_GRID =
  'grid grid-cols-[minmax(0,1fr)_auto_3.5rem] items-center gap-x-3 sm:grid-cols-[minmax(0,1fr)_8rem_6.5rem_4.5rem]';

export function MarketChip({ item }: { item: Pick<MarketItem, 'open' | 'stale'> }) {
  const { t } = useTranslation('markets');
  if (item.open && !item.stale) return null;
  return (
    <span
      data-market-state={item.open ? 'stale' : 'closed'}
      className="rounded-full border border-line px-1.5 text-[0.6875rem] leading-4 font-medium text-muted"
    >
      {t(item.open ? 'state.stale' : 'state.closed')}
    </span>
  );
}

/**
 * One instrument: logo, name and code, live price (flashing on change), signed 24 h change with an
 * arrow, and a sparkline of the last 100 minutes plus the live price. Subscribes to its own code,
 * and draws its ticks only while on screen.
 */
export const MarketRow = memo(function MarketRow({
  item,
  leading,
}: {
  item: MarketItem;
  /** A control before the link (the favourite star). */
  leading?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const priceRef = useRef<HTMLSpanElement>(null);
  // A row out of view follows its ticks without drawing them (most of a list is below the fold).
  const [rowRef, inView] = useInView<HTMLLIElement>();
  const quote = useLiveQuote(
    item.code,
    { price: item.nowPrice, zdf: item.zdf },
    undefined,
    !inView,
  );
  const previous = useRef(quote.price);
  useEffect(() => {
    const move = moveDirection(previous.current, quote.price);
    previous.current = quote.price;
    if (move !== 'flat') flashPrice(priceRef.current, move);
  }, [quote.price]);
  const direction = directionOf(quote.zdf);
  const inactive = !item.open || item.stale;
  return (
    <li
      ref={rowRef}
      data-market-row={item.code}
      data-open={item.open ? 'true' : 'false'}
      className="flex items-center border-b border-line last:border-b-0"
    >
      {leading}
      <Link
        to={coinHref(item)}
        className={`${MARKET_ROW_GRID} min-h-14 min-w-0 flex-1 px-2 py-2 hover:bg-subtle focus-visible:bg-subtle sm:px-3`}
      >
        <span className="flex min-w-0 items-center gap-3">
          <img
            src={item.logo}
            alt=""
            width={32}
            height={32}
            loading="lazy"
            className="size-8 shrink-0 rounded-full bg-subtle"
          />
          <span className="flex min-w-0 flex-col">
            <span className="flex min-w-0 items-center gap-1.5">
              <Num className="truncate text-sm font-semibold text-fg">{item.code}</Num>
              <MarketChip item={item} />
            </span>
            <span className="truncate text-xs text-muted">
              <bdi>{item.appName}</bdi>
            </span>
          </span>
        </span>
        <span className="flex flex-col items-end sm:contents">
          <span
            ref={priceRef}
            data-price=""
            className={`rounded px-1 text-end text-sm font-semibold ${inactive ? 'text-muted' : 'text-fg'}`}
          >
            <Num>{formatPrice(quote.price, item.precision, locale)}</Num>
          </span>
          <span
            data-change={direction}
            className={`text-end text-xs font-medium sm:text-sm ${inactive ? 'text-muted' : directionTextClass(direction)}`}
          >
            <Num>
              {arrowOf(direction) ? <span aria-hidden="true">{arrowOf(direction)} </span> : null}
              {formatChange(quote.zdf, locale)}
            </Num>
          </span>
        </span>
        <span className={`justify-self-end ${inactive ? 'opacity-50' : ''}`}>
          <Sparkline values={[...item.hundred, quote.price]} direction={direction} />
        </span>
      </Link>
    </li>
  );
});
