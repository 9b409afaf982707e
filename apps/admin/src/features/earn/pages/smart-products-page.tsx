import {
  type AdminSmartProduct,
  createSmartProduct,
  listAdminSmartProducts,
  updateSmartProduct,
} from '@swx/contract';
import { type FormEvent, useState } from 'react';
import type { MessageKey } from '../../../i18n/en';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { Modal } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { Switch } from '../../../shared/ui/switch';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import {
  draftOf,
  EMPTY_PRODUCT,
  inputOf,
  percentText,
  type ProductDraft,
  withEnabled,
} from '../earn.rules';

const COLUMNS = 6;

/** Smart trading plan products (admin): what customers can buy; running plans keep their terms. */
export function SmartProductsPage() {
  useDocumentTitle(t('nav.earn'));
  const products = useApiQuery(listAdminSmartProducts, {});
  const [editing, setEditing] = useState<AdminSmartProduct | 'new'>();
  const [toggling, setToggling] = useState<number>();

  const replace = (saved: AdminSmartProduct) =>
    products.setData((list) =>
      list?.some((p) => p.id === saved.id)
        ? list.map((p) => (p.id === saved.id ? saved : p))
        : [...(list ?? []), saved],
    );

  const setEnabled = async (product: AdminSmartProduct, enabled: boolean) => {
    setToggling(product.id);
    try {
      replace(
        await apiCall(updateSmartProduct, {
          params: { id: product.id },
          body: withEnabled(product, enabled),
        }),
      );
      toast.success(t(enabled ? 'earn.enabled.on' : 'earn.enabled.off', { name: product.name }));
    } catch {
      // The client showed the server's message.
    } finally {
      setToggling(undefined);
    }
  };

  const list = products.data;
  return (
    <>
      <PageHeader
        title={t('nav.earn')}
        description={t('earn.description')}
        actions={
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('earn.new')}
          </Button>
        }
      />
      <InlineAlert tone="info" className="mb-4">
        {t('earn.integrity')}
      </InlineAlert>
      <DataTable caption={t('earn.caption')} compact>
        <thead>
          <tr>
            <Th>{t('earn.name')}</Th>
            <Th>{t('earn.offered')}</Th>
            <Th>{t('earn.terms')}</Th>
            <Th>{t('earn.rangePenalty')}</Th>
            <Th>{t('earn.updated')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={3}
            loading={products.loading && !list}
            failed={Boolean(products.error) && !list}
            onRetry={products.reload}
          />
          {list?.map((product) => (
            <tr key={product.id} className="hover:bg-raised/60" data-testid="smart-product-row">
              <Td className="font-medium">{product.name}</Td>
              <Td>
                <Switch
                  checked={product.enabled}
                  pending={toggling === product.id}
                  onCheckedChange={(enabled) => void setEnabled(product, enabled)}
                  aria-label={t('earn.offeredFor', { name: product.name })}
                />
              </Td>
              <Td>
                <ul className="flex flex-wrap gap-1.5">
                  {product.terms.map((term) => (
                    <li key={term.days}>
                      <Badge>
                        {t('earn.termChip', {
                          days: term.days,
                          percent: percentText(term.dailyYield),
                        })}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </Td>
              <Td className="text-xs whitespace-nowrap">
                {t('earn.rangeValue', {
                  min: product.minAmount,
                  max: product.maxAmount,
                  penalty: percentText(product.penaltyRate),
                })}
              </Td>
              <Td>
                <TimeStamp iso={product.updatedAt} />
              </Td>
              <Td>
                <Button
                  size="sm"
                  onClick={() => setEditing(product)}
                  aria-label={t('earn.editName', { name: product.name })}
                >
                  {t('common.edit')}
                </Button>
              </Td>
            </tr>
          ))}
          {list?.length === 0 ? <MessageRow columns={COLUMNS}>{t('earn.empty')}</MessageRow> : null}
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
    </>
  );
}

function ProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminSmartProduct | undefined;
  onClose: () => void;
  onSaved: (product: AdminSmartProduct) => void;
}) {
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product ? draftOf(product) : structuredClone(EMPTY_PRODUCT),
  );
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const set = (change: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...change }));
  const setTerm = (i: number, change: Partial<ProductDraft['terms'][number]>) =>
    setDraft((d) => ({ ...d, terms: d.terms.map((x, j) => (j === i ? { ...x, ...change } : x)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = inputOf(draft);
    if (!checked.ok) {
      setProblem(t(checked.problem as MessageKey));
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      const saved = product
        ? await apiCall(updateSmartProduct, {
            params: { id: product.id },
            body: checked.input,
            quiet: true,
          })
        : await apiCall(createSmartProduct, { body: checked.input, quiet: true });
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
      title={product ? t('earn.edit.title', { name: product.name }) : t('earn.new')}
      description={t('earn.edit.description')}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {problem ? <InlineAlert>{problem}</InlineAlert> : null}
        <TextField
          label={t('earn.name')}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <div className="grid grid-cols-3 gap-2">
          <TextField
            label={t('earn.min')}
            inputMode="decimal"
            dir="ltr"
            value={draft.minAmount}
            onChange={(e) => set({ minAmount: e.target.value })}
          />
          <TextField
            label={t('earn.max')}
            inputMode="decimal"
            dir="ltr"
            value={draft.maxAmount}
            onChange={(e) => set({ maxAmount: e.target.value })}
          />
          <TextField
            label={t('earn.penaltyPercent')}
            inputMode="decimal"
            dir="ltr"
            value={draft.penaltyPercent}
            onChange={(e) => set({ penaltyPercent: e.target.value })}
          />
        </div>
        <ol className="flex flex-col gap-2">
          {draft.terms.map((term, i) => (
            <li
              key={i}
              className="grid grid-cols-[1fr_1fr_auto] items-end gap-2"
              data-testid="term-row"
            >
              <TextField
                label={t('earn.days')}
                inputMode="numeric"
                dir="ltr"
                value={term.days}
                onChange={(e) => setTerm(i, { days: e.target.value })}
              />
              <TextField
                label={t('earn.yieldPercent')}
                inputMode="decimal"
                dir="ltr"
                value={term.percent}
                onChange={(e) => setTerm(i, { percent: e.target.value })}
              />
              <Button
                size="sm"
                variant="ghost"
                disabled={draft.terms.length <= 1}
                onClick={() => set({ terms: draft.terms.filter((_, j) => j !== i) })}
              >
                {t('earn.remove')}
              </Button>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            disabled={draft.terms.length >= 12}
            onClick={() => set({ terms: [...draft.terms, { days: '', percent: '' }] })}
          >
            {t('earn.addTerm')}
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
