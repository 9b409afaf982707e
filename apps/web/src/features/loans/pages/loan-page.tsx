import type { LoanProduct } from '@swx/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { paths } from '../../../shared/navigation/paths';
import { useSession } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { ApplyDialog } from '../components/apply-dialog';
import { MyLoans } from '../components/my-loans';
import { Term } from '../../../shared/ui/term';
import { loansApi } from '../loans.api';
import { percentOf } from '../loans.rules';

/** /loan: loan products with a calculator, the agreement signed on screen, and my loans. */
export default function LoanPage() {
  const { t } = useTranslation('loan');
  const { token, mode } = useSession();
  const [version, setVersion] = useState(0);
  const [applying, setApplying] = useState<LoanProduct | null>(null);
  const products = useApiQuery('loan/products', (signal) => loansApi.products(signal));
  // Reloaded after an application: what it shows (the KYC state) stays meanwhile.
  const user = useApiQuery(
    token ? `loan/user/${version}` : null,
    (signal) => loansApi.user(signal),
    { keepPreviousData: true },
  );
  const navigate = useNavigate();
  const location = useLocation();
  const real = Boolean(token) && mode === 'real';
  const verified = user.data?.kycStatus === 'verified';

  const startApplying = (product: LoanProduct) => {
    if (!token) {
      const back = `${location.pathname}${location.search}`;
      void navigate(`${paths.login}?${new URLSearchParams({ redirect: back }).toString()}`);
      return;
    }
    setApplying(product);
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <title>{t('title')}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-muted">{t('lead')}</p>
      </header>
      {token && mode === 'demo' ? (
        <p
          role="status"
          className="rounded-xl border border-line bg-subtle p-4"
          data-testid="loan-demo"
        >
          {t('demoNeeded')}
        </p>
      ) : null}
      {real && user.data && !verified ? (
        <p
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-subtle p-4"
          data-testid="loan-kyc"
        >
          {t('kycNeeded')}
          <Link className="font-medium text-link underline" to={paths.kyc}>
            {t('kycLink')}
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="loan-products" className="flex flex-col gap-3">
        <h2 id="loan-products" className="text-lg font-semibold">
          {t('products')}
        </h2>
        {products.data && products.data.length === 0 ? (
          <EmptyState icon="loan" title={t('noProducts')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {(products.data ?? []).map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                disabled={Boolean(token) && (mode === 'demo' || (Boolean(user.data) && !verified))}
                onApply={() => startApplying(product)}
              />
            ))}
          </ul>
        )}
      </section>
      {real ? <MyLoans version={version} onChanged={() => setVersion((v) => v + 1)} /> : null}
      {applying ? (
        <ApplyDialog
          product={applying}
          onClose={() => setApplying(null)}
          onApplied={() => {
            setApplying(null);
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
  onApply,
}: {
  product: LoanProduct;
  disabled: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation('loan');
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="loan-product"
    >
      <h3 className="font-semibold">{product.name}</h3>
      <ul className="flex flex-wrap gap-2" aria-label={t('term')}>
        {product.terms.map((days) => (
          <li key={days} className="rounded-lg bg-subtle px-3 py-2 text-sm">
            {t('termChip', { days })}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <Term label={t('amount')}>
          <Num>
            {t('range', { min: product.minAmount, max: product.maxAmount, asset: product.asset })}
          </Num>
        </Term>
        <Term label={t('dailyRate')}>
          <Num>{t('rateValue', { rate: percentOf(product.dailyRate) })}</Num>
        </Term>
        <Term label={t('freeDays')}>{t('freeDaysValue', { days: product.freeDays })}</Term>
        <Term label={t('penalty')}>
          <Num>{t('penaltyValue', { rate: percentOf(product.penaltyRate) })}</Num>
        </Term>
      </dl>
      <Button onClick={onApply} disabled={disabled} data-testid="loan-apply">
        {t('readAndSign')}
      </Button>
    </li>
  );
}
