import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketInfo } from '@swx/contract';
import { useApiQuery } from '../../../../shared/api/use-api-query';
import { paths } from '../../../../shared/navigation/paths';
import { useDeviceLayout } from '../../../../shared/layout/device-context';
import { DemoBadge } from '../../../../shared/session/demo-badge';
import { useSession } from '../../../../shared/session/session-store';
import { tradingApi } from '../../../../shared/trading/trading.api';
import { Button, buttonClass } from '../../../../shared/ui/button';
import { Dialog } from '../../../../shared/ui/dialog';
import { Tabs } from '../../../../shared/ui/tabs';
import { ConfirmOrder, type PendingOrder } from './confirm-order';
import { ContractForm } from './contract-form';
import { OptionsForm } from './options-form';
import { SpotForm } from './spot-form';

/** Spot only for coins quoted in USDT; contracts for every instrument; options where offered. */
function usePanels(item: MarketInfo) {
  const products = useApiQuery(
    `options/products/${item.code}`,
    (signal) => tradingApi.optionsProducts(item.code, signal),
    {
      silent: true,
    },
  );
  const periods = products.data?.[0]?.periods ?? [];
  // Until the instrument's options are known its tabs are not shown (see TabStrip's `pending`);
  // when they cannot be loaded, the panel offers the other products.
  const pending = products.status === 'loading' && products.data === undefined;
  return { spot: item.type === 2 && item.code.endsWith('USDT'), periods, pending };
}

function PanelBody({
  item,
  price,
  onPlaced,
}: {
  item: MarketInfo;
  price: string;
  onPlaced?: () => void;
}) {
  const { t } = useTranslation('trade');
  const { token, mode } = useSession();
  const location = useLocation();
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const panels = usePanels(item);
  if (!token) {
    const back = `${location.pathname}${location.search}`;
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted">{t('loginHint')}</p>
        <Link
          to={`${paths.login}?${new URLSearchParams({ redirect: back }).toString()}`}
          className={buttonClass('primary')}
        >
          {t('login')}
        </Link>
      </div>
    );
  }
  const closed = !item.open || item.stale;
  const items = [
    ...(panels.spot
      ? [
          {
            value: 'spot',
            label: t('tabs.spot'),
            content: <SpotForm item={item} price={price} onReview={setPending} />,
          },
        ]
      : []),
    {
      value: 'contract',
      label: t('tabs.contract'),
      content: <ContractForm item={item} price={price} onReview={setPending} />,
    },
    ...(panels.periods.length > 0
      ? [
          {
            value: 'options',
            label: t('tabs.options'),
            content: <OptionsForm item={item} periods={panels.periods} onReview={setPending} />,
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      {mode === 'demo' ? <DemoBadge /> : null}
      {closed ? (
        <p role="status" className="rounded-lg bg-subtle p-3 text-sm text-muted">
          {t('closed')}
        </p>
      ) : null}
      <Tabs items={items} label={t('tabs.label')} fill pending={panels.pending} />
      <ConfirmOrder
        pending={pending}
        onClose={() => setPending(null)}
        {...(onPlaced ? { onPlaced } : {})}
      />
    </div>
  );
}

/**
 * The order panel: beside the chart in the desktop layout; in the phone layout a bar above the tab
 * bar opens it as a bottom sheet.
 */
export function OrderPanel({ item, price }: { item: MarketInfo; price: string }) {
  const { t } = useTranslation('trade');
  const layout = useDeviceLayout();
  const [sheet, setSheet] = useState(false);
  if (layout === 'desktop') {
    return (
      <section
        aria-labelledby="order-panel"
        className="rounded-xl border border-line bg-surface p-4"
        data-testid="order-panel"
      >
        <h2 id="order-panel" className="mb-3 font-semibold">
          {t('title')}
        </h2>
        <PanelBody item={item} price={price} />
      </section>
    );
  }
  return (
    <>
      <div className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 border-t border-line bg-surface/95 p-3 backdrop-blur">
        <Button className="w-full" onClick={() => setSheet(true)} data-testid="open-order-sheet">
          {t('trade', { code: item.code })}
        </Button>
      </div>
      <Dialog open={sheet} onOpenChange={setSheet} title={t('title')}>
        <div data-testid="order-panel">
          <PanelBody item={item} price={price} onPlaced={() => setSheet(false)} />
        </div>
      </Dialog>
    </>
  );
}
