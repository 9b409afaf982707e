import {
  type AdminLoanProduct,
  createLoanProduct,
  LOAN_TERMS,
  listAdminLoanProducts,
  updateLoanProduct,
} from '@swx/contract';
import { dec, isDecimalString } from '@swx/money';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { toast } from '../../../shared/ui/toast-store';

const percent = (rate: string) => dec(rate).times(100).toFixed();

interface ProductDraft {
  name: string;
  minAmount: string;
  maxAmount: string;
  terms: number[];
  ratePercent: string;
  enabled: boolean;
}

/** Loan products (admin): what customers can apply for; signed loans keep their terms. */
export function LoanProducts() {
  const products = useApiQuery(listAdminLoanProducts, {});
  const [editing, setEditing] = useState<AdminLoanProduct | 'new'>();
  const replace = (saved: AdminLoanProduct) =>
    products.setData((list) =>
      list?.some((p) => p.id === saved.id)
        ? list.map((p) => (p.id === saved.id ? saved : p))
        : [...(list ?? []), saved],
    );
  const list = products.data;
  return (
    <section className="mt-8">
      <PageHeader
        title={t('loans.products')}
        description={t('loans.productsLead')}
        actions={
          <Button
            variant="primary"
            onClick={() => setEditing('new')}
            data-testid="loan-product-new"
          >
            {t('loans.newProduct')}
          </Button>
        }
      />
      <DataTable caption={t('loans.products')} compact>
        <thead>
          <tr>
            <Th>{t('earn.name')}</Th>
            <Th>{t('earn.offered')}</Th>
            <Th>{t('loans.terms')}</Th>
            <Th>{t('loans.range')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={5}
            rows={2}
            loading={products.loading && !list}
            failed={Boolean(products.error) && !list}
            onRetry={products.reload}
          />
          {list?.map((product) => (
            <tr key={product.id} data-testid="loan-product-row">
              <Td className="font-medium">{product.name}</Td>
              <Td>{product.enabled ? t('loans.yes') : t('loans.no')}</Td>
              <Td className="text-xs" dir="ltr">
                {product.terms.join(' / ')} d · {percent(product.dailyRate)}% / d
              </Td>
              <Td className="text-xs" dir="ltr">
                {product.minAmount} – {product.maxAmount} {product.asset}
              </Td>
              <Td>
                <Button size="sm" onClick={() => setEditing(product)}>
                  {t('common.edit')}
                </Button>
              </Td>
            </tr>
          ))}
          {list?.length === 0 ? <MessageRow columns={5}>{t('loans.noProducts')}</MessageRow> : null}
        </tbody>
      </DataTable>
      {editing ? (
        <ProductDialog
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={replace}
        />
      ) : null}
    </section>
  );
}

function ProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminLoanProduct | undefined;
  onClose: () => void;
  onSaved: (product: AdminLoanProduct) => void;
}) {
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product
      ? {
          name: product.name,
          minAmount: product.minAmount,
          maxAmount: product.maxAmount,
          terms: product.terms,
          ratePercent: percent(product.dailyRate),
          enabled: product.enabled,
        }
      : { name: '', minAmount: '', maxAmount: '', terms: [], ratePercent: '', enabled: true },
  );
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const set = (change: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      !draft.name.trim() ||
      ![draft.minAmount, draft.maxAmount, draft.ratePercent].every(isDecimalString) ||
      draft.terms.length === 0
    ) {
      setProblem(t('loans.productProblem'));
      return;
    }
    const body = {
      name: draft.name.trim(),
      minAmount: draft.minAmount,
      maxAmount: draft.maxAmount,
      terms: draft.terms,
      dailyRate: dec(draft.ratePercent).div(100).toFixed(),
      enabled: draft.enabled,
    };
    setPending(true);
    setProblem(undefined);
    try {
      const saved = product
        ? await apiCall(updateLoanProduct, { params: { id: product.id }, body, quiet: true })
        : await apiCall(createLoanProduct, { body, quiet: true });
      onSaved(saved);
      toast.success(t('earn.saved', { name: saved.name }));
      onClose();
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={product ? t('earn.edit.title', { name: product.name }) : t('loans.newProduct')}
      description={t('loans.productsLead')}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(e) => void submit(e)}>
        {problem ? <InlineAlert>{problem}</InlineAlert> : null}
        <TextField
          label={t('earn.name')}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="loan-product-name"
        />
        <div className="grid grid-cols-3 gap-2">
          <TextField
            label={t('earn.min')}
            inputMode="decimal"
            dir="ltr"
            value={draft.minAmount}
            onChange={(e) => set({ minAmount: e.target.value.trim() })}
            data-testid="loan-product-min"
          />
          <TextField
            label={t('earn.max')}
            inputMode="decimal"
            dir="ltr"
            value={draft.maxAmount}
            onChange={(e) => set({ maxAmount: e.target.value.trim() })}
            data-testid="loan-product-max"
          />
          <TextField
            label={t('loans.ratePercent')}
            inputMode="decimal"
            dir="ltr"
            value={draft.ratePercent}
            onChange={(e) => set({ ratePercent: e.target.value.trim() })}
            data-testid="loan-product-rate"
          />
        </div>
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1 text-sm font-medium">{t('loans.terms')}</legend>
          {LOAN_TERMS.map((days) => (
            <label key={days} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={draft.terms.includes(days)}
                onChange={(e) =>
                  set({
                    terms: e.target.checked
                      ? [...draft.terms, days].sort((a, b) => a - b)
                      : draft.terms.filter((d) => d !== days),
                  })
                }
                data-testid={`loan-product-term-${days}`}
              />
              {days} d
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          {t('earn.offered')}
        </label>
        <Button type="submit" variant="primary" disabled={pending} data-testid="loan-product-save">
          {t('common.save')}
        </Button>
      </form>
    </Modal>
  );
}
