import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractOrder, MarketInfo, SpotOrder } from '@swx/contract';
import { apiErrorMessage } from '../../../../shared/api/error-message';
import { directionTextClass, directionOf } from '../../../../shared/market/change';
import { useSession } from '../../../../shared/session/session-store';
import { Countdown, TickLine } from '../../../../shared/trading/order-ticks';
import { tradingApi } from '../../../../shared/trading/trading.api';
import { Button } from '../../../../shared/ui/button';
import { EmptyState } from '../../../../shared/ui/list';
import { Num } from '../../../../shared/ui/num';
import { Tabs } from '../../../../shared/ui/tabs';
import { toast } from '../../../../shared/ui/toast-store';
import { executionPrice, livePnl } from '../trade.rules';
import { bumpTradingData, useUserQuery } from './use-trade-data';

function useAction() {
  const { i18n } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (id: number, work: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await work();
      bumpTradingData();
      toast.success(done);
    } catch (error) {
      toast.error(apiErrorMessage(error, i18n.t.bind(i18n), (k) => i18n.exists(k)));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function Row({
  children,
  testId,
  direction,
}: {
  children: React.ReactNode;
  testId?: string;
  direction?: string;
}) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid={testId}
      data-direction={direction}
    >
      {children}
    </li>
  );
}

function OpenOrders({ code }: { code: string }) {
  const { t } = useTranslation('trade');
  const spot = useUserQuery(`spot/current/${code}`, (signal) =>
    tradingApi.spotOrders('current', code, signal),
  );
  const awaiting = useUserQuery(`contract/awaiting/${code}`, (signal) =>
    tradingApi.contracts('awaiting', code, signal),
  );
  const { busy, run } = useAction();
  const rows: { kind: 'spot' | 'contract'; order: SpotOrder | ContractOrder }[] = [
    ...(spot.data?.list ?? []).map((order) => ({ kind: 'spot' as const, order })),
    ...(awaiting.data?.list ?? []).map((order) => ({ kind: 'contract' as const, order })),
  ];
  if (rows.length === 0) return <EmptyState icon="market" title={t('orders.noneOpen')} />;
  return (
    <ul className="divide-y divide-line">
      {rows.map(({ kind, order }) => (
        <Row key={`${kind}${order.id}`} testId="open-order">
          <span className="flex flex-col">
            <span className="font-medium">
              {'side' in order ? t(`spot.${order.side}`) : t(`contract.${order.direction}`)} ·{' '}
              {t(`type.${order.type}`)}
            </span>
            <Num className="text-sm text-muted">
              {'side' in order
                ? `${order.quantity ?? ''} @ ${order.limitPrice ?? ''}`
                : `${order.lots} × ${order.leverage}× @ ${order.limitPrice ?? ''}`}
            </Num>
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy === order.id}
            onClick={() =>
              void run(
                order.id,
                () => tradingApi.cancel(kind, order.id, crypto.randomUUID()),
                t('orders.cancelled'),
              )
            }
          >
            {t('orders.cancel')}
          </Button>
        </Row>
      ))}
    </ul>
  );
}

function Positions({ item, price }: { item: MarketInfo; price: string }) {
  const { t } = useTranslation('trade');
  const open = useUserQuery(`contract/open/${item.code}`, (signal) =>
    tradingApi.contracts('open', item.code, signal),
  );
  const { busy, run } = useAction();
  const list = open.data?.list ?? [];
  if (list.length === 0) return <EmptyState icon="market" title={t('orders.noPositions')} />;
  return (
    <ul className="divide-y divide-line">
      {list.map((p) => {
        const exit = executionPrice(
          price,
          item.spread,
          p.direction === 'long' ? 'sell' : 'buy',
          item.precision,
        );
        const pnl = livePnl({
          direction: p.direction,
          openPrice: p.openPrice ?? exit,
          exitPrice: exit,
          lots: p.lots,
          contractSize: p.contractSize,
          margin: p.margin,
        });
        return (
          <Row key={p.id} testId="position">
            <span className="flex flex-col">
              <span className="font-medium">
                {t(`contract.${p.direction}`)} · <Num>{`${p.lots} × ${p.leverage}×`}</Num>
              </span>
              <span className="text-sm text-muted">
                <Num>{`${p.openPrice ?? ''} → ${exit}`}</Num> · {t('terms.liquidation')}{' '}
                <Num>{p.liquidationPrice ?? ''}</Num>
              </span>
            </span>
            <span
              className={`font-semibold ${directionTextClass(directionOf(pnl))}`}
              data-testid="position-pnl"
            >
              <Num>{`${pnl} USDT`}</Num>
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy === p.id}
              onClick={() =>
                void run(
                  p.id,
                  () => tradingApi.closeContract(p.id, crypto.randomUUID()),
                  t('orders.closed'),
                )
              }
            >
              {t('orders.close')}
            </Button>
          </Row>
        );
      })}
    </ul>
  );
}

function Options({ code }: { code: string }) {
  const { t } = useTranslation('trade');
  const running = useUserQuery(`options/running/${code}`, (signal) =>
    tradingApi.options('running', code, signal),
  );
  const settled = useUserQuery(`options/settled/${code}`, (signal) =>
    tradingApi.options('settled', code, signal),
  );
  const list = [...(running.data?.list ?? []), ...(settled.data?.list ?? []).slice(0, 5)];
  if (list.length === 0) return <EmptyState icon="market" title={t('orders.noOptions')} />;
  return (
    <ul className="divide-y divide-line">
      {list.map((o) => (
        <Row key={o.id} testId={`option-${o.state}`} direction={o.direction}>
          <span className="flex flex-col gap-0.5">
            <span className="font-medium">
              {t(`options.${o.direction}`)} · <Num>{`${o.amount} USDT`}</Num> ·{' '}
              {t('options.seconds', { n: o.seconds })}
            </span>
            <TickLine label={t('orders.openTick')} tick={o.openTick} />
            <TickLine label={t('orders.settleTick')} tick={o.settleTick} />
          </span>
          {o.state === 'running' ? (
            <span className="font-semibold" data-testid="option-countdown">
              <Countdown until={o.expiresAt} />
            </span>
          ) : (
            <span className={`font-semibold ${directionTextClass(directionOf(o.profit ?? '0'))}`}>
              {t(`options.state.${o.state}`)} · <Num>{`${o.profit ?? '0'} USDT`}</Num>
            </span>
          )}
        </Row>
      ))}
    </ul>
  );
}

/** The user's open orders, positions with live PnL, and options of this instrument. */
export function MyOrders({ item, price }: { item: MarketInfo; price: string }) {
  const { t } = useTranslation('trade');
  const { token } = useSession();
  if (!token) return null;
  return (
    <section aria-labelledby="my-orders" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="my-orders" className="mb-2 font-semibold">
        {t('orders.title')}
      </h2>
      <Tabs
        label={t('orders.title')}
        items={[
          {
            value: 'positions',
            label: t('orders.positions'),
            content: <Positions item={item} price={price} />,
          },
          { value: 'open', label: t('orders.open'), content: <OpenOrders code={item.code} /> },
          { value: 'options', label: t('orders.options'), content: <Options code={item.code} /> },
        ]}
      />
    </section>
  );
}
