import { type AdminOptionsProduct, updateOptionsProduct } from '@swx/contract';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import {
  checkPeriods,
  EMPTY_PERIOD,
  MAX_PERIODS,
  type PeriodDraft,
  type PeriodField,
  payoutPercent,
  periodDraftsOf,
} from '../trading.rules';

const FIELDS: readonly { field: PeriodField; label: 'seconds' | 'payout' | 'min' | 'max' }[] = [
  { field: 'seconds', label: 'seconds' },
  { field: 'payoutRate', label: 'payout' },
  { field: 'minAmount', label: 'min' },
  { field: 'maxAmount', label: 'max' },
];

/**
 * Edits an options product's periods. Rows are checked with the contract's schema and the
 * server's rules before anything is sent; running options keep the terms stored on them.
 */
export function PeriodsDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminOptionsProduct;
  onClose: () => void;
  onSaved: (product: AdminOptionsProduct) => void;
}) {
  const [rows, setRows] = useState<PeriodDraft[]>(() => periodDraftsOf(product));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const check = checkPeriods(rows);
  const errorOf = (i: number, field: PeriodField) => {
    if (!submitted || check.ok) return undefined;
    const key = check.errors[i]?.[field];
    return key ? t(key) : undefined;
  };

  const change = (i: number, field: PeriodField, value: string) =>
    setRows((current) => current.map((row, j) => (j === i ? { ...row, [field]: value } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) return;
    setPending(true);
    setServerError(undefined);
    try {
      const saved = await apiCall(updateOptionsProduct, {
        params: { id: product.id },
        body: { periods: check.periods },
        quiet: true,
      });
      onSaved(saved);
      toast.success(t('options.saved', { code: saved.code }));
      onClose();
    } catch (failure) {
      setServerError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('options.edit.title', { code: product.code })}
      description={t('options.edit.description')}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {serverError ? <InlineAlert>{serverError}</InlineAlert> : null}
        {submitted && !check.ok && check.general ? (
          <InlineAlert>{t(check.general)}</InlineAlert>
        ) : null}
        <ol className="flex flex-col gap-3">
          {rows.map((row, i) => {
            const percent = payoutPercent(row.payoutRate);
            return (
              <li
                // Rows have no identity of their own until saved; position is what staff edit.
                key={i}
                className="rounded-md border border-line p-3"
                data-testid="period-row"
              >
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {FIELDS.map(({ field, label }) => (
                    <TextField
                      key={field}
                      label={t(`options.period.${label}`)}
                      inputMode={field === 'seconds' ? 'numeric' : 'decimal'}
                      autoComplete="off"
                      spellCheck={false}
                      dir="ltr"
                      value={row[field]}
                      onChange={(event) => change(i, field, event.target.value)}
                      error={errorOf(i, field)}
                    />
                  ))}
                </div>
                <div className="mt-2 flex items-center justify-between gap-2 text-xs text-muted">
                  <span>
                    {percent === undefined
                      ? null
                      : t('options.edit.payoutPreview', { percent, seconds: row.seconds.trim() })}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={rows.length <= 1}
                    onClick={() => setRows((current) => current.filter((_, j) => j !== i))}
                  >
                    {t('options.edit.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            disabled={rows.length >= MAX_PERIODS}
            onClick={() => setRows((current) => [...current, { ...EMPTY_PERIOD }])}
          >
            {t('options.edit.add')}
          </Button>
          <div className="flex gap-2">
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="primary" pending={pending}>
              {t('common.save')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
