import type { LoanProduct } from '@swx/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { saveFile } from '../../../shared/api/save-file';
import { formatDateTime } from '../../../shared/format/format-date';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { loansApi } from '../loans.api';
import { amountFits, loanQuote, percentOf } from '../loans.rules';
import { SignatureField } from './signature-field';
import { Term } from '../../../shared/ui/term';

/** The calculator, then the agreement and the signature: nothing is sent before both are seen. */
export function ApplyDialog({
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
