import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractOrder, ConvertOrder, OptionsOrder, SpotOrder } from '@swx/contract';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { formatDateTime } from '../../../shared/format/format-date';
import { directionOf, directionTextClass } from '../../../shared/market/change';
import { DemoBadge } from '../../../shared/session/demo-badge';
import { useSession } from '../../../shared/session/session-store';
import { Countdown, TickLine } from '../../../shared/trading/order-ticks';
import { tradingApi } from '../../../shared/trading/trading.api';
import { Button } from '../../../shared/ui/button';
import { Num } from '../../../shared/ui/num';
import { Tabs } from '../../../shared/ui/tabs';
import { toast } from '../../../shared/ui/toast-store';
import { Figure, PagedList } from '../components/paged-list';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';

/** /profile/orders: every order of every product in the current account mode, with its ticks. */
export default function OrdersPage() {
  return (
    <RequireLogin>
      <AllOrders />
    </RequireLogin>
  );
}

/** Runs an order action and reloads the lists; failures explain themselves in a toast. */
function useOrderAction() {
  const { i18n } = useTranslation();
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (id: number, work: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await work();
      toast.success(done);
      setVersion((v) => v + 1);
    } catch (error) {
      toast.error(apiErrorMessage(error, i18n.t.bind(i18n), (k) => i18n.exists(k)));
    } finally {
      setBusy(null);
    }
  };
  return { version, busy, run };
}

function When({ at }: { at: string | null }) {
  const { i18n } = useTranslation();
  return at ? (
    <span className="text-xs text-muted">{formatDateTime(at, i18n.language)}</span>
  ) : null;
}

function Signed({ value, suffix }: { value: string; suffix: string }) {
  return (
    <span className={`font-semibold ${directionTextClass(directionOf(value))}`}>
      <Num>{`${value} ${suffix}`}</Num>
    </span>
  );
}

function ContractRow({
  order,
  busy,
  onClose,
  onCancel,
}: {
  order: ContractOrder;
  busy: boolean;
  onClose: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-col gap-2" data-testid={`contract-${order.state}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {t(`trade:contract.${order.direction}`)} {order.code} ·{' '}
          <Num>{`${order.lots} × ${order.leverage}×`}</Num> · {t(`orders.state.${order.state}`)}
          {order.closeReason ? ` · ${t(`orders.reason.${order.closeReason}`)}` : ''}
        </span>
        {order.state === 'closed' && order.profit !== null ? (
          <Signed value={order.profit} suffix="USDT" />
        ) : null}
        {order.state === 'open' ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={onClose}>
            {t('trade:orders.close')}
          </Button>
        ) : null}
        {order.state === 'awaiting' ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={onCancel}>
            {t('trade:orders.cancel')}
          </Button>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {order.limitPrice ? (
          <Figure label={t('orders.field.limit')}>
            <Num>{order.limitPrice}</Num>
          </Figure>
        ) : null}
        {order.openPrice ? (
          <Figure label={t('orders.field.open')}>
            <Num>{order.openPrice}</Num>
          </Figure>
        ) : null}
        {order.closePrice ? (
          <Figure label={t('orders.field.close')}>
            <Num>{order.closePrice}</Num>
          </Figure>
        ) : null}
        <Figure label={t('orders.field.margin')}>
          <Num>{`${order.margin} USDT`}</Num>
        </Figure>
        <Figure label={t('orders.field.fee')}>
          <Num>{`${order.fee} USDT`}</Num>
        </Figure>
        {order.liquidationPrice && order.state === 'open' ? (
          <Figure label={t('trade:terms.liquidation')}>
            <Num>{order.liquidationPrice}</Num>
          </Figure>
        ) : null}
        {order.stopLoss ? (
          <Figure label={t('trade:fields.stopLoss')}>
            <Num>{order.stopLoss}</Num>
          </Figure>
        ) : null}
        {order.takeProfit ? (
          <Figure label={t('trade:fields.takeProfit')}>
            <Num>{order.takeProfit}</Num>
          </Figure>
        ) : null}
      </div>
      <TickLine label={t('trade:orders.openTick')} tick={order.openTick} />
      <TickLine label={t('orders.closeTick')} tick={order.closeTick} />
      <span className="text-xs text-muted">
        {order.orderNo} · <When at={order.closedAt ?? order.openedAt ?? order.createdAt} />
      </span>
    </div>
  );
}

function Contracts() {
  const { t } = useTranslation('profile');
  const { version, busy, run } = useOrderAction();
  const list = (status: 'open' | 'awaiting' | 'closed') => (
    <PagedList<ContractOrder>
      queryKey={`orders/contracts/${status}`}
      version={version}
      testId={`contracts-${status}`}
      load={(page, signal) => tradingApi.page.contracts(status, page, signal)}
      empty={t(`orders.empty.${status}`)}
      render={(order) => (
        <ContractRow
          order={order}
          busy={busy === order.id}
          onClose={() =>
            void run(
              order.id,
              () => tradingApi.closeContract(order.id, crypto.randomUUID()),
              t('trade:orders.closed'),
            )
          }
          onCancel={() =>
            void run(
              order.id,
              () => tradingApi.cancel('contract', order.id, crypto.randomUUID()),
              t('trade:orders.cancelled'),
            )
          }
        />
      )}
    />
  );
  return (
    <Tabs
      label={t('orders.tab.contracts')}
      items={[
        { value: 'open', label: t('orders.sub.open'), content: list('open') },
        { value: 'awaiting', label: t('orders.sub.awaiting'), content: list('awaiting') },
        { value: 'closed', label: t('orders.sub.closed'), content: list('closed') },
      ]}
    />
  );
}

function SpotRow({
  order,
  busy,
  onCancel,
}: {
  order: SpotOrder;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" data-testid="spot-order">
      <span className="flex flex-col">
        <span className="font-medium">
          {t(`trade:spot.${order.side}`)} {order.base} · {t(`trade:type.${order.type}`)} ·{' '}
          {t(`coins.state.${order.state}`)}
        </span>
        <Num className="self-start text-muted">
          {order.state === 'filled'
            ? `${order.filledQuantity ?? ''} @ ${order.fillPrice ?? ''} · ${order.fee ?? ''} ${order.feeAsset ?? ''}`
            : `${order.quantity ?? order.turnover ?? ''} @ ${order.limitPrice ?? ''}`}
        </Num>
        <TickLine label={t('orders.fillTick')} tick={order.tick} />
        <span className="text-xs text-muted">
          {order.orderNo} · <When at={order.closedAt ?? order.createdAt} />
        </span>
      </span>
      {order.state === 'waiting' ? (
        <Button variant="secondary" size="sm" disabled={busy} onClick={onCancel}>
          {t('trade:orders.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

function Spot() {
  const { t } = useTranslation('profile');
  const { version, busy, run } = useOrderAction();
  const list = (status: 'current' | 'history') => (
    <PagedList<SpotOrder>
      queryKey={`orders/spot/${status}`}
      version={version}
      testId={`spot-${status}`}
      load={(page, signal) => tradingApi.page.spot(status, page, signal)}
      empty={t('coins.noOrders')}
      render={(order) => (
        <SpotRow
          order={order}
          busy={busy === order.id}
          onCancel={() =>
            void run(
              order.id,
              () => tradingApi.cancel('spot', order.id, crypto.randomUUID()),
              t('trade:orders.cancelled'),
            )
          }
        />
      )}
    />
  );
  return (
    <Tabs
      label={t('orders.tab.spot')}
      items={[
        { value: 'current', label: t('coins.current'), content: list('current') },
        { value: 'history', label: t('coins.history'), content: list('history') },
      ]}
    />
  );
}

function OptionRow({ order }: { order: OptionsOrder }) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-col gap-1" data-testid={`option-${order.state}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {order.code} · {t(`trade:options.${order.direction}`)} ·{' '}
          <Num>{`${order.amount} USDT`}</Num> · {t('trade:options.seconds', { n: order.seconds })}
        </span>
        {order.state === 'running' ? (
          <span className="font-semibold">
            <Countdown until={order.expiresAt} />
          </span>
        ) : (
          <span className="flex items-center gap-2">
            <span>{t(`trade:options.state.${order.state}`)}</span>
            <Signed value={order.profit ?? '0'} suffix="USDT" />
          </span>
        )}
      </div>
      <TickLine label={t('trade:orders.openTick')} tick={order.openTick} />
      <TickLine label={t('trade:orders.settleTick')} tick={order.settleTick} />
      <span className="text-xs text-muted">
        {order.orderNo} · <When at={order.settledAt ?? order.createdAt} />
      </span>
    </div>
  );
}

function Options() {
  const { t } = useTranslation('profile');
  const list = (status: 'running' | 'settled') => (
    <PagedList<OptionsOrder>
      queryKey={`orders/options/${status}`}
      testId={`options-${status}`}
      load={(page, signal) => tradingApi.page.options(status, page, signal)}
      empty={t(`orders.empty.${status}`)}
      render={(order) => <OptionRow order={order} />}
    />
  );
  return (
    <Tabs
      label={t('orders.tab.options')}
      items={[
        { value: 'running', label: t('orders.sub.running'), content: list('running') },
        { value: 'settled', label: t('orders.sub.settled'), content: list('settled') },
      ]}
    />
  );
}

function ConvertRow({ order }: { order: ConvertOrder }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="convert-order">
      <Figure label={t('exchange.from')}>
        <Num>{`${order.amount} ${order.from}`}</Num>
      </Figure>
      <Figure label={t('exchange.receive')}>
        <Num>{`${order.receive} ${order.to}`}</Num>
      </Figure>
      <Figure label={t('exchange.rate')}>
        <Num>{order.rate}</Num>
      </Figure>
      <Figure label={t('exchange.fee')}>
        <Num>{`${order.fee} ${order.to}`}</Num>
      </Figure>
      <span className="col-span-full">
        <When at={order.createdAt} />
      </span>
    </div>
  );
}

function AllOrders() {
  const { t } = useTranslation('profile');
  const { mode } = useSession();
  return (
    <ProfileFrame wide>
      <title>{t('orders.title')}</title>
      <ProfileHeading title={t('orders.title')} lead={t('orders.lead')} />
      {mode === 'demo' ? <DemoBadge /> : null}
      <section className="rounded-2xl border border-line bg-surface p-4">
        <Tabs
          label={t('orders.title')}
          items={[
            { value: 'contracts', label: t('orders.tab.contracts'), content: <Contracts /> },
            { value: 'spot', label: t('orders.tab.spot'), content: <Spot /> },
            { value: 'options', label: t('orders.tab.options'), content: <Options /> },
            {
              value: 'convert',
              label: t('orders.tab.convert'),
              content: (
                <PagedList<ConvertOrder>
                  queryKey="orders/convert"
                  testId="converts"
                  load={(page, signal) => tradingApi.page.converts(page, signal)}
                  empty={t('exchange.none')}
                  render={(order) => <ConvertRow order={order} />}
                />
              ),
            },
          ]}
        />
      </section>
    </ProfileFrame>
  );
}
