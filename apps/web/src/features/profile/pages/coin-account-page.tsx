import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import { directionOf, directionTextClass } from '../../../shared/market/change';
import { DemoBadge } from '../../../shared/session/demo-badge';
import { useSession } from '../../../shared/session/session-store';
import { tradingApi } from '../../../shared/trading/trading.api';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { Tabs } from '../../../shared/ui/tabs';
import { toast } from '../../../shared/ui/toast-store';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';

/** /profile/balancebb: the coin account: holdings and their value, results, spot orders. */
export default function CoinAccountPage() {
  return (
    <RequireLogin>
      <CoinAccount />
    </RequireLogin>
  );
}

function CoinAccount() {
  const { t, i18n } = useTranslation('profile');
  const { mode } = useSession();
  const [version, setVersion] = useState(0);
  const assets = useApiQuery(`${mode}/assets/${version}`, (signal) => tradingApi.assets(signal));
  const profit = useApiQuery(`${mode}/profit/${version}`, (signal) => tradingApi.profit(signal), {
    silent: true,
  });
  const current = useApiQuery(`${mode}/spot/current/${version}`, (signal) =>
    tradingApi.spotOrders('current', undefined, signal),
  );
  const history = useApiQuery(`${mode}/spot/history/${version}`, (signal) =>
    tradingApi.spotOrders('history', undefined, signal),
  );
  const cancel = async (id: number) => {
    try {
      await tradingApi.cancel('spot', id, crypto.randomUUID());
      toast.success(t('trade:orders.cancelled'));
      setVersion((v) => v + 1);
    } catch (error) {
      toast.error(apiErrorMessage(error, i18n.t.bind(i18n), (k) => i18n.exists(k)));
    }
  };
  const orders = (status: 'current' | 'history') => {
    const list = (status === 'current' ? current : history).data?.list ?? [];
    if (list.length === 0) return <EmptyState icon="ledger" title={t('coins.noOrders')} />;
    return (
      <ul className="divide-y divide-line">
        {list.map((o) => (
          <li
            key={o.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
            data-testid="coin-order"
          >
            <span className="flex flex-col">
              <span className="font-medium">
                {t(`trade:spot.${o.side}`)} {o.base} · {t(`trade:type.${o.type}`)} ·{' '}
                {t(`coins.state.${o.state}`)}
              </span>
              <Num className="self-start text-muted">
                {o.state === 'filled'
                  ? `${o.filledQuantity ?? ''} @ ${o.fillPrice ?? ''} · ${o.fee ?? ''} ${o.feeAsset ?? ''}`
                  : `${o.quantity ?? ''} @ ${o.limitPrice ?? ''}`}
              </Num>
              <span className="text-xs text-muted">
                {formatDateTime(o.createdAt, i18n.language)}
              </span>
            </span>
            {o.state === 'waiting' ? (
              <Button variant="secondary" size="sm" onClick={() => void cancel(o.id)}>
                {t('trade:orders.cancel')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  };
  const all = profit.data?.realised.all ?? '0';
  return (
    <ProfileFrame wide>
      <title>{t('coins.title')}</title>
      <ProfileHeading title={t('coins.title')} lead={t('coins.lead')} />
      {mode === 'demo' ? <DemoBadge /> : null}
      <section className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-line bg-surface p-4">
          <p className="text-sm text-muted">{t('coins.total')}</p>
          <p className="text-2xl font-bold" data-testid="coins-total">
            <Num>{`${assets.data?.totalUsdt ?? '—'} USDT`}</Num>
          </p>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <p className="text-sm text-muted">{t('coins.realised')}</p>
          <p className={`text-2xl font-bold ${directionTextClass(directionOf(all))}`}>
            <Num>{`${all} USDT`}</Num>
          </p>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <p className="text-sm text-muted">{t('coins.unrealised')}</p>
          <p
            className={`text-2xl font-bold ${directionTextClass(directionOf(profit.data?.unrealised ?? '0'))}`}
          >
            <Num>{`${profit.data?.unrealised ?? '0'} USDT`}</Num>
          </p>
        </div>
      </section>
      <section
        aria-labelledby="coins-holdings"
        className="rounded-2xl border border-line bg-surface p-4"
      >
        <h2 id="coins-holdings" className="mb-2 font-semibold">
          {t('coins.holdings')}
        </h2>
        <ul className="divide-y divide-line">
          {(assets.data?.list ?? []).map((a) => (
            <li
              key={a.asset}
              className="grid grid-cols-2 gap-2 py-3 text-sm sm:grid-cols-4"
              data-testid="coin-holding"
            >
              <span className="font-semibold">{a.asset}</span>
              <span className="flex flex-col">
                <span className="text-muted">{t('coins.available')}</span>
                <Num className="self-start">{a.available}</Num>
              </span>
              <span className="flex flex-col">
                <span className="text-muted">{t('coins.locked')}</span>
                <Num className="self-start">{`${a.frozen} / ${a.margin} / ${a.options}`}</Num>
              </span>
              <span className="flex flex-col text-end">
                <span className="text-muted">
                  {a.price ? <Num>{a.price}</Num> : t('coins.value')}
                </span>
                <Num>{a.valueUsdt === null ? '—' : `${a.valueUsdt} USDT`}</Num>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="coins-orders"
        className="rounded-2xl border border-line bg-surface p-4"
      >
        <h2 id="coins-orders" className="mb-2 font-semibold">
          {t('coins.orders')}
        </h2>
        <Tabs
          label={t('coins.orders')}
          items={[
            { value: 'current', label: t('coins.current'), content: orders('current') },
            { value: 'history', label: t('coins.history'), content: orders('history') },
          ]}
        />
      </section>
    </ProfileFrame>
  );
}
