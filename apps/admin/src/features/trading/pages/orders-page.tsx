import { listStaffOrders, type StaffOrder, type StaffOrderState } from '@swx/contract';
import { Tabs } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { canUse } from '../../../shared/session/sections';
import { useSession } from '../../../shared/session/use-session';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { SelectField, TextField } from '../../../shared/ui/field';
import { ListPager } from '../../../shared/ui/list-pager';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { TickLine } from '../components/tick-cell';
import { isProduct, orderSummary, PRODUCTS, STATES_OF, stateTone } from '../trading.rules';

const PAGE_SIZE = 25;
const COLUMNS = 7;

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function Ticks({ row }: { row: StaffOrder }) {
  switch (row.product) {
    case 'spot':
      return <TickLine label={t('orders.tick.fill')} tick={row.order.tick} />;
    case 'contract':
      return (
        <>
          <TickLine label={t('orders.tick.open')} tick={row.order.openTick} />
          <TickLine label={t('orders.tick.close')} tick={row.order.closeTick} />
        </>
      );
    case 'options':
      return (
        <>
          <TickLine label={t('orders.tick.open')} tick={row.order.openTick} />
          <TickLine label={t('orders.tick.settle')} tick={row.order.settleTick} />
        </>
      );
    case 'convert':
      return (
        <span className="text-xs text-muted">
          {t('orders.rate', { rate: row.order.rate, from: row.order.from, to: row.order.to })}
        </span>
      );
  }
}

/** The figures that decide the money of an order: fee, margin, payout, profit. */
function Result({ row }: { row: StaffOrder }) {
  const o = row.order;
  const parts: [string, string | null][] =
    row.product === 'spot'
      ? [
          [t('orders.figure.fee'), row.order.fee && `${row.order.fee} ${row.order.feeAsset ?? ''}`],
          [t('orders.figure.turnover'), row.order.filledTurnover],
        ]
      : row.product === 'contract'
        ? [
            [t('orders.figure.margin'), row.order.margin],
            [t('orders.figure.fee'), row.order.fee],
            [t('orders.figure.profit'), row.order.profit],
            [t('orders.figure.reason'), row.order.closeReason],
          ]
        : row.product === 'options'
          ? [
              [t('orders.figure.payoutRate'), row.order.payoutRate],
              [t('orders.figure.payout'), row.order.payout],
              [t('orders.figure.profit'), row.order.profit],
            ]
          : [
              [t('orders.figure.fee'), `${row.order.fee} ${row.order.to}`],
              [t('orders.figure.receive'), `${row.order.receive} ${row.order.to}`],
            ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs" data-order={o.id}>
      {parts
        .filter((p): p is [string, string] => p[1] !== null && p[1] !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-mono" dir="ltr">
              {value}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** Every customer's orders of one product, newest first, read-only with their deciding ticks. */
export function OrdersPage() {
  useDocumentTitle(t('nav.orders'));
  const { me } = useSession();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('product');
  const product = isProduct(requested) ? requested : 'spot';
  const page = positiveInt(search.get('page')) ?? 1;
  const userId = positiveInt(search.get('user'));
  const code = search.get('code')?.toUpperCase() || undefined;
  const wanted = search.get('state');
  const state = STATES_OF[product].find((s) => s === wanted);
  const [userInput, setUserInput] = useState(userId ? String(userId) : '');
  const [codeInput, setCodeInput] = useState(code ?? '');
  const orders = useApiQuery(listStaffOrders, {
    query: { product, page, pageSize: PAGE_SIZE, userId, code, state },
  });
  const canOpenUsers = me ? canUse('users', me.roles) : false;

  const go = (next: {
    product?: string;
    page?: number;
    user?: string;
    code?: string;
    state?: StaffOrderState | '';
  }) => {
    const params: Record<string, string> = {};
    const values = {
      product: next.product ?? product,
      user: next.user ?? (userId ? String(userId) : ''),
      code: next.code ?? code ?? '',
      state: next.state ?? state ?? '',
      page: next.page && next.page > 1 ? String(next.page) : '',
    };
    for (const [key, value] of Object.entries(values)) if (value) params[key] = value;
    setSearch(params);
  };

  const filter = (event: FormEvent) => {
    event.preventDefault();
    go({ user: userInput.trim(), code: codeInput.trim().toUpperCase(), page: 1 });
  };

  const data = orders.data;
  return (
    <>
      <PageHeader title={t('nav.orders')} description={t('orders.description')} />
      <Tabs.Root
        value={product}
        onValueChange={(value) => go({ product: value, state: '', page: 1 })}
        activationMode="manual"
      >
        <Tabs.List
          aria-label={t('orders.product')}
          className="mb-3 flex flex-wrap gap-1 border-b border-line"
        >
          {PRODUCTS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg"
            >
              {t(`orders.products.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      <form className="mb-3 flex flex-wrap items-end gap-2" role="search" onSubmit={filter}>
        <TextField
          label={t('orders.filter.user')}
          inputMode="numeric"
          className="w-36"
          value={userInput}
          onChange={(event) => setUserInput(event.target.value)}
        />
        <TextField
          label={t('orders.filter.code')}
          placeholder="BTCUSDT"
          className="w-40"
          spellCheck={false}
          autoCapitalize="characters"
          value={codeInput}
          onChange={(event) => setCodeInput(event.target.value)}
        />
        {STATES_OF[product].length > 0 ? (
          <SelectField
            label={t('orders.filter.state')}
            className="w-40"
            value={state ?? ''}
            onChange={(event) =>
              go({
                state: STATES_OF[product].find((s) => s === event.target.value) ?? '',
                page: 1,
              })
            }
          >
            <option value="">{t('orders.filter.anyState')}</option>
            {STATES_OF[product].map((s) => (
              <option key={s} value={s}>
                {t(`orders.state.${s}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Button type="submit">{t('orders.filter.apply')}</Button>
      </form>

      <DataTable caption={t('orders.caption', { product: t(`orders.products.${product}`) })}>
        <thead>
          <tr>
            <Th>{t('orders.order')}</Th>
            <Th>{t('orders.customer')}</Th>
            <Th>{t('orders.instrument')}</Th>
            <Th>{t('orders.what')}</Th>
            <Th>{t('orders.state.label')}</Th>
            <Th>{t('orders.ticks')}</Th>
            <Th>{t('orders.figures')}</Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={8}
            loading={orders.loading && !data}
            failed={Boolean(orders.error) && !data}
            onRetry={orders.reload}
          />
          {data?.list.map((row) => {
            const summary = orderSummary(row);
            return (
              <tr
                key={`${row.product}-${row.order.id}`}
                className={`align-top hover:bg-raised/60 ${orders.loading ? 'opacity-60' : ''}`}
                data-testid="staff-order"
              >
                <Td className="whitespace-nowrap">
                  <div className="font-mono text-xs">
                    {'orderNo' in row.order ? row.order.orderNo : `#${row.order.id}`}
                  </div>
                  <TimeStamp iso={row.order.createdAt} />
                </Td>
                <Td className="whitespace-nowrap">
                  {canOpenUsers ? (
                    <Link to={`/users/${row.userId}`} className="text-accent hover:underline">
                      {row.username}
                    </Link>
                  ) : (
                    row.username
                  )}{' '}
                  <span className="text-xs text-muted">#{row.userId}</span>{' '}
                  <Badge tone={row.mode === 'demo' ? 'warning' : 'neutral'}>
                    {t(`orders.mode.${row.mode}`)}
                  </Badge>
                </Td>
                <Td className="font-mono text-xs">{'code' in row.order ? row.order.code : '—'}</Td>
                <Td className="whitespace-nowrap">
                  <div>{summary.what}</div>
                  <div className="font-mono text-xs" dir="ltr">
                    {summary.amount}
                  </div>
                </Td>
                <Td>
                  <Badge tone={stateTone(summary.state)}>
                    {t(`orders.state.${summary.state}`)}
                  </Badge>
                </Td>
                <Td className="min-w-64">
                  <Ticks row={row} />
                </Td>
                <Td className="min-w-44">
                  <Result row={row} />
                </Td>
              </tr>
            );
          })}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('orders.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('orders.pages')} data={data} onPage={(next) => go({ page: next })} />
    </>
  );
}
