import type { SmartProduct } from '@swx/contract';
import { dec } from '@swx/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import { paths } from '../../../shared/navigation/paths';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { useSession } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { Tabs } from '../../../shared/ui/tabs';
import { Term } from '../../../shared/ui/term';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { PlanRow } from '../components/plan-row';
import { earnApi } from '../earn.api';
import { AMOUNT, dailyEarning, percentOf, totalEarning } from '../earn.rules';

/** /trading: the smart trading plan, a fixed-term product paid from the platform's pool. */
export default function TradingPage() {
  const { t } = useTranslation('earn');
  const { token, mode } = useSession();
  const [version, setVersion] = useState(0);
  const [buying, setBuying] = useState<SmartProduct | null>(null);
  // Reloaded after a purchase or an exit: the cards stay on screen meanwhile, so the plans below
  // them do not jump up and back under the user's next tap.
  const products = useApiQuery(`smart/products/${version}`, (signal) => earnApi.products(signal), {
    keepPreviousData: true,
  });
  const navigate = useNavigate();
  const location = useLocation();

  const startBuying = (product: SmartProduct) => {
    if (!token) {
      const back = `${location.pathname}${location.search}`;
      void navigate(`${paths.login}?${new URLSearchParams({ redirect: back }).toString()}`);
      return;
    }
    setBuying(product);
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <title>{t('title')}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-muted" data-testid="earn-nature">
          {t('lead')}
        </p>
      </header>
      {token && mode === 'demo' ? (
        <p
          role="status"
          className="rounded-xl border border-line bg-subtle p-4"
          data-testid="earn-demo"
        >
          {t('errors:10107')}
        </p>
      ) : null}
      <section aria-labelledby="earn-products" className="flex flex-col gap-3">
        <h2 id="earn-products" className="text-lg font-semibold">
          {t('products')}
        </h2>
        {products.data && products.data.length === 0 ? (
          <EmptyState icon="trading" title={t('noProducts')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {(products.data ?? []).map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                disabled={Boolean(token) && mode === 'demo'}
                onBuy={() => startBuying(product)}
              />
            ))}
          </ul>
        )}
      </section>
      {token && mode === 'real' ? (
        <Plans version={version} onChanged={() => setVersion((v) => v + 1)} />
      ) : null}
      {buying ? (
        <BuyDialog
          product={buying}
          onClose={() => setBuying(null)}
          onBought={() => {
            setBuying(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}

function ProductCard({
  product,
  disabled,
  onBuy,
}: {
  product: SmartProduct;
  disabled: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation('earn');
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="smart-product"
    >
      <h3 className="font-semibold">{product.name}</h3>
      <ul className="flex flex-wrap gap-2" aria-label={t('terms')}>
        {product.terms.map((term) => (
          <li key={term.days} className="rounded-lg bg-subtle px-3 py-2 text-sm">
            {t('termChip', { days: term.days })} ·{' '}
            <Num className="font-semibold text-success">
              {t('perDay', { rate: percentOf(term.dailyYield) })}
            </Num>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        <Num>
          {t('range', { min: product.minAmount, max: product.maxAmount, asset: product.asset })}
        </Num>
      </p>
      <p className="text-sm text-muted">
        <Num>{t('penaltyTerm', { rate: percentOf(product.penaltyRate) })}</Num>
      </p>
      <Button onClick={onBuy} disabled={disabled} data-testid="smart-buy">
        {t('buy')}
      </Button>
    </li>
  );
}

function BuyDialog({
  product,
  onClose,
  onBought,
}: {
  product: SmartProduct;
  onClose: () => void;
  onBought: () => void;
}) {
  const { t, i18n } = useTranslation('earn');
  const [days, setDays] = useState(product.terms[0]?.days ?? 0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const term = product.terms.find((x) => x.days === days);
  const valid =
    AMOUNT.test(amount) && dec(amount).gte(product.minAmount) && dec(amount).lte(product.maxAmount);
  const end = new Date(Date.now() + days * 86_400_000).toISOString();

  const confirm = async () => {
    if (!valid || !term) {
      setError(t('errors:10013'));
      return;
    }
    setBusy(true);
    try {
      await earnApi.buy({ productId: product.id, days, amount }, key);
      toast.success(t('bought'));
      onBought();
    } catch (e) {
      toast.error(apiErrorMessage(e, i18n.t.bind(i18n), (k) => i18n.exists(k)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('buyTitle', { name: product.name })}
      description={t('nature')}
      footer={
        <Button onClick={() => void confirm()} disabled={busy} data-testid="smart-confirm">
          {t('confirm')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-1 text-sm font-medium">{t('length')}</legend>
          {product.terms.map((x) => (
            <label
              key={x.days}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3"
            >
              <input
                type="radio"
                name="smart-days"
                checked={days === x.days}
                onChange={() => setDays(x.days)}
              />
              {t('termChip', { days: x.days })}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('amount', { asset: product.asset })}
          inputMode="decimal"
          value={amount}
          error={error}
          hint={t('range', {
            min: product.minAmount,
            max: product.maxAmount,
            asset: product.asset,
          })}
          data-testid="smart-amount"
          onChange={(e) => {
            setAmount(e.target.value.trim());
            setError(undefined);
          }}
        />
        {term ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm" data-testid="smart-terms">
            <Term label={t('dailyYield')}>
              <Num>{`${percentOf(term.dailyYield)} %`}</Num>
            </Term>
            <Term label={t('dailyEarning')} testId="smart-daily">
              <Num>
                {`${valid ? dailyEarning(amount, term.dailyYield, product.asset) : '—'} ${product.asset}`}
              </Num>
            </Term>
            <Term label={t('totalEarning')} testId="smart-total">
              <Num>
                {`${valid ? totalEarning(amount, term.dailyYield, days, product.asset) : '—'} ${product.asset}`}
              </Num>
            </Term>
            <Term label={t('endsAt')}>{formatDateTime(end, i18n.language)}</Term>
            <Term label={t('penalty')}>
              <Num>{`${percentOf(product.penaltyRate)} %`}</Num>
            </Term>
          </dl>
        ) : null}
      </div>
    </Dialog>
  );
}

function Plans({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation('earn');
  const [state, setState] = useState<'earning' | 'ended'>('earning');
  const [tick, setTick] = useState(0);
  // A refetch after an event keeps the list on screen (no flash of "no plans" while it loads).
  const plans = useApiQuery(
    `smart/plans/${state}/${version}/${tick}`,
    (signal) => earnApi.plans(state, signal),
    { keepPreviousData: true },
  );
  // A day paid, the principal returned: the server says so on the socket, the list follows.
  useUserEvents(
    (event) => {
      if (event.type === 'order' && event.data.product === 'smart') setTick((n) => n + 1);
    },
    () => setTick((n) => n + 1),
  );
  const list = plans.data?.list ?? [];
  return (
    <section aria-labelledby="earn-plans" className="flex flex-col gap-3">
      <h2 id="earn-plans" className="text-lg font-semibold">
        {t('myPlans')}
      </h2>
      <Tabs
        label={t('myPlans')}
        value={state}
        onValueChange={(v) => setState(v as 'earning' | 'ended')}
        items={(['earning', 'ended'] as const).map((value) => ({
          value,
          label: t(`tab.${value}`),
          content:
            list.length === 0 ? (
              <EmptyState icon="trading" title={t('noPlans')} />
            ) : (
              <ul className="flex flex-col gap-3">
                {list.map((plan) => (
                  <PlanRow key={plan.id} plan={plan} onChanged={onChanged} />
                ))}
              </ul>
            ),
        }))}
      />
    </section>
  );
}
