import type { Loan, LoanProduct } from '@swx/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { saveFile } from '../../../shared/api/save-file';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import { paths } from '../../../shared/navigation/paths';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { useSession } from '../../../shared/session/session-store';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { SignatureField } from '../components/signature-field';
import { loansApi } from '../loans.api';
import { amountFits, loanQuote, percentOf } from '../loans.rules';

/** /loan: loan products with a calculator, the agreement signed on screen, and my loans. */
export default function LoanPage() {
  const { t } = useTranslation('loan');
  const { token, mode } = useSession();
  const [version, setVersion] = useState(0);
  const [applying, setApplying] = useState<LoanProduct | null>(null);
  const products = useApiQuery('loan/products', (signal) => loansApi.products(signal));
  const user = useApiQuery(token ? `loan/user/${version}` : null, (signal) =>
    loansApi.user(signal),
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
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
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
    </main>
  );
}

function Term({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium" data-testid={testId}>
        {children}
      </dd>
    </>
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

/** The calculator, then the agreement and the signature: nothing is sent before both are seen. */
function ApplyDialog({
  product,
  onClose,
  onApplied,
}: {
  product: LoanProduct;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t, i18n } = useTranslation('loan');
  const [days, setDays] = useState(product.terms[0] ?? 0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [step, setStep] = useState<'terms' | 'sign'>('terms');
  const [signature, setSignature] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const fits = amountFits(product, amount);
  const quote = fits ? loanQuote(product, amount, days) : undefined;
  const errorText = (e: unknown) => apiErrorMessage(e, i18n.t.bind(i18n), (k) => i18n.exists(k));

  const next = () => {
    if (!fits) {
      setError(t('errors:10148'));
      return;
    }
    setStep('sign');
  };

  const openPdf = async () => {
    try {
      saveFile(
        await loansApi.preview({ productId: product.id, amount, days }),
        'loan-agreement-preview.pdf',
      );
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const apply = async () => {
    if (!signature) {
      setError(t('errors:10150'));
      return;
    }
    setBusy(true);
    try {
      await loansApi.apply({ productId: product.id, amount, days, signature }, key);
      toast.success(t('applied'));
      onApplied();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const terms = quote ? (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm" data-testid="loan-terms">
      <Term label={t('amount')}>
        <Num>{`${amount} ${product.asset}`}</Num>
      </Term>
      <Term label={t('term')}>{t('termChip', { days })}</Term>
      <Term label={t('dailyRate')}>
        <Num>{t('rateValue', { rate: percentOf(product.dailyRate) })}</Num>
      </Term>
      <Term label={t('freeDays')}>{t('freeDaysValue', { days: product.freeDays })}</Term>
      <Term label={t('interest')} testId="loan-interest">
        <Num>{`${quote.interest} ${product.asset}`}</Num>
      </Term>
      <Term label={t('total')} testId="loan-total">
        <Num>{`${quote.total} ${product.asset}`}</Num>
      </Term>
      <Term label={t('dueDate')}>
        {t('dueDateValue', { days, date: formatDateTime(quote.dueAt, i18n.language) })}
      </Term>
      <Term label={t('penalty')}>
        <Num>{t('penaltyValue', { rate: percentOf(product.penaltyRate) })}</Num>
      </Term>
    </dl>
  ) : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={step === 'terms' ? product.name : t('review')}
      description={t('lead')}
      footer={
        step === 'terms' ? (
          <Button onClick={next} data-testid="loan-next">
            {t('readAndSign')}
          </Button>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setStep('terms')}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void apply()} disabled={busy} data-testid="loan-sign">
              {t('signAndApply')}
            </Button>
          </div>
        )
      }
    >
      {step === 'terms' ? (
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-1 text-sm font-medium">{t('term')}</legend>
            {product.terms.map((x) => (
              <label
                key={x}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-3"
              >
                <input
                  type="radio"
                  name="loan-days"
                  checked={days === x}
                  onChange={() => setDays(x)}
                />
                {t('termChip', { days: x })}
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('amount')}
            inputMode="decimal"
            value={amount}
            error={error}
            hint={t('amountHint', {
              min: product.minAmount,
              max: product.maxAmount,
              asset: product.asset,
            })}
            data-testid="loan-amount"
            onChange={(e) => {
              setAmount(e.target.value.trim());
              setError(undefined);
            }}
          />
          {terms}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {terms}
          <ol className="flex list-decimal flex-col gap-2 ps-5 text-sm text-muted">
            {(['clause1', 'clause2', 'clause3', 'clause4'] as const).map((clause) => (
              <li key={clause}>
                {t(`agreement.${clause}`, { rate: percentOf(product.penaltyRate) })}
              </li>
            ))}
          </ol>
          <Button variant="secondary" onClick={() => void openPdf()} data-testid="loan-preview">
            {t('openPdf')}
          </Button>
          <SignatureField
            onChange={(png) => {
              setSignature(png);
              setError(undefined);
            }}
          />
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

const TONES: Record<Loan['state'], BadgeTone> = {
  pending: 'neutral',
  repaying: 'primary',
  repaid: 'success',
  expired: 'danger',
  rejected: 'danger',
};

function MyLoans({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation('loan');
  const [tick, setTick] = useState(0);
  const loans = useApiQuery(`loan/mine/${version}/${tick}`, (signal) => loansApi.loans(signal));
  useUserEvents((event) => {
    if (event.type === 'order' || event.type === 'balance') setTick((n) => n + 1);
  });
  const list = loans.data?.list ?? [];
  return (
    <section aria-labelledby="loan-mine" className="flex flex-col gap-3">
      <h2 id="loan-mine" className="text-lg font-semibold">
        {t('mine')}
      </h2>
      {loans.data && list.length === 0 ? (
        <EmptyState icon="wallet" title={t('noLoans')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((loan) => (
            <LoanRow key={loan.id} loan={loan} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LoanRow({ loan, onChanged }: { loan: Loan; onChanged: () => void }) {
  const { t, i18n } = useTranslation('loan');
  const [repaying, setRepaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const errorText = (e: unknown) => apiErrorMessage(e, i18n.t.bind(i18n), (k) => i18n.exists(k));
  const open = loan.state === 'repaying' || loan.state === 'expired';

  const confirmRepay = async () => {
    setBusy(true);
    try {
      const done = await loansApi.repay(loan.id, key);
      toast.success(t('repaid', { amount: done.repaidAmount ?? '', asset: loan.asset }));
      setRepaying(false);
      onChanged();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    try {
      saveFile(await loansApi.agreement(loan.id), `loan-agreement-${loan.loanNo}.pdf`);
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="loan-row"
      data-state={loan.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {loan.productName} · <Num>{`${loan.amount} ${loan.asset}`}</Num>
        </h3>
        <Badge tone={TONES[loan.state]}>{t(`state.${loan.state}`)}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Term label={t('term')}>{t('termChip', { days: loan.days })}</Term>
        <Term label={t('dailyRate')}>
          <Num>{t('rateValue', { rate: percentOf(loan.dailyRate) })}</Num>
        </Term>
        <Term label={t('interest')}>
          <Num>{`${loan.totalInterest} ${loan.asset}`}</Num>
        </Term>
        <Term label={t('total')}>
          <Num>{`${loan.dueAmount} ${loan.asset}`}</Num>
        </Term>
        <Term label={t('appliedAt')}>{formatDateTime(loan.appliedAt, i18n.language)}</Term>
        {loan.approvedAt ? (
          <Term label={t('approvedAt')}>{formatDateTime(loan.approvedAt, i18n.language)}</Term>
        ) : null}
        {loan.dueAt ? (
          <Term label={t('dueDate')}>{formatDateTime(loan.dueAt, i18n.language)}</Term>
        ) : null}
        {open ? (
          <Term label={t('currentInterest')} testId="loan-current-interest">
            <Num>{`${loan.currentInterest} ${loan.asset}`}</Num>
          </Term>
        ) : null}
        {loan.overdueDays > 0 ? (
          <>
            <Term label={t('overdueDays')}>
              <Num>{String(loan.overdueDays)}</Num>
            </Term>
            <Term label={t('damages')} testId="loan-damages">
              <Num>{`${loan.damages} ${loan.asset}`}</Num>
            </Term>
          </>
        ) : null}
        {open ? (
          <Term label={t('repayNow')} testId="loan-repay-now">
            <Num>{`${loan.repayNow} ${loan.asset}`}</Num>
          </Term>
        ) : null}
        {loan.repaidAmount !== null ? (
          <Term label={t('state.repaid')} testId="loan-repaid">
            <Num>{`${loan.repaidAmount} ${loan.asset}`}</Num>
          </Term>
        ) : null}
        {loan.reason ? <Term label={t('reason')}>{loan.reason}</Term> : null}
      </dl>
      <p className="break-all text-xs text-muted">
        {t('fingerprint')}: <Num>{loan.agreementSha256}</Num>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void download()} data-testid="loan-download">
          {t('download')}
        </Button>
        {open ? (
          <Button onClick={() => setRepaying(true)} data-testid="loan-repay">
            {t('repay')}
          </Button>
        ) : null}
      </div>
      {repaying ? (
        <Dialog
          open
          onOpenChange={(o) => !o && setRepaying(false)}
          title={t('repay')}
          description={t('repayConfirm', { amount: loan.repayNow, asset: loan.asset })}
          footer={
            <Button
              onClick={() => void confirmRepay()}
              disabled={busy}
              data-testid="loan-repay-confirm"
            >
              {t('repay')}
            </Button>
          }
        >
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Term label={t('amount')}>
              <Num>{`${loan.amount} ${loan.asset}`}</Num>
            </Term>
            <Term label={t('currentInterest')}>
              <Num>{`${loan.currentInterest} ${loan.asset}`}</Num>
            </Term>
            <Term label={t('damages')}>
              <Num>{`${loan.damages} ${loan.asset}`}</Num>
            </Term>
            <Term label={t('repayNow')}>
              <Num>{`${loan.repayNow} ${loan.asset}`}</Num>
            </Term>
          </dl>
        </Dialog>
      ) : null}
    </li>
  );
}
