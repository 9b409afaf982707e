import {
  type AdminLoan,
  type AdminLoanProduct,
  approveLoan,
  createLoanProduct,
  downloadAdminLoanAgreement,
  LOAN_TERMS,
  type LoanState,
  listAdminLoanProducts,
  listAdminLoans,
  rejectLoan,
  updateLoanProduct,
} from '@swx/contract';
import { dec, isDecimalString } from '@swx/money';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { fetchPrivateFile } from '../../../shared/api/private-image';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useSession } from '../../../shared/session/use-session';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { ListPager } from '../../../shared/ui/list-pager';
import { ConfirmDialog, Modal } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';

const PAGE_SIZE = 20;
const COLUMNS = 6;
const STATES: readonly LoanState[] = ['pending', 'repaying', 'expired', 'repaid', 'rejected'];
const TONE: Record<LoanState, BadgeTone> = {
  pending: 'warning',
  repaying: 'accent',
  expired: 'danger',
  repaid: 'success',
  rejected: 'neutral',
};

const percent = (rate: string) => dec(rate).times(100).toFixed();

/** Loans: the review queue (admin, finance) with each signed agreement, and the products (admin). */
export function LoansPage() {
  useDocumentTitle(t('nav.loans'));
  const { me } = useSession();
  const [state, setState] = useState<LoanState>('pending');
  const [page, setPage] = useState(1);
  const loans = useApiQuery(listAdminLoans, { query: { state, page, pageSize: PAGE_SIZE } });
  const [approving, setApproving] = useState<AdminLoan>();
  const [rejecting, setRejecting] = useState<AdminLoan>();
  const [pending, setPending] = useState(false);

  const approve = async (loan: AdminLoan) => {
    setPending(true);
    try {
      await apiCall(approveLoan, { params: { id: loan.id } });
      toast.success(t('loans.approved', { no: loan.loanNo }));
      setApproving(undefined);
      loans.reload();
    } catch {
      // The client showed the server's message.
    } finally {
      setPending(false);
    }
  };

  const download = async (loan: AdminLoan) => {
    try {
      const blob = await fetchPrivateFile(
        downloadAdminLoanAgreement.path.replace(':id', String(loan.id)),
        new AbortController().signal,
        'application/pdf',
      );
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `loan-agreement-${loan.loanNo}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      toast.error(isApiError(failure) ? failure.message : String(failure));
    }
  };

  const data = loans.data;
  return (
    <>
      <PageHeader title={t('nav.loans')} description={t('loans.description')} />
      <div className="mb-3 max-w-56">
        <SelectField
          label={t('loans.stateLabel')}
          value={state}
          onChange={(e) => {
            setState(e.target.value as LoanState);
            setPage(1);
          }}
        >
          {STATES.map((s) => (
            <option key={s} value={s}>
              {t(`loans.state.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable caption={t('loans.caption')}>
        <thead>
          <tr>
            <Th>{t('loans.loan')}</Th>
            <Th>{t('loans.borrower')}</Th>
            <Th>{t('loans.terms')}</Th>
            <Th>{t('loans.owed')}</Th>
            <Th>{t('loans.agreement')}</Th>
            <Th>{t('loans.decision')}</Th>
          </tr>
        </thead>
        <tbody>
          <LoadStateRows
            columns={COLUMNS}
            rows={4}
            loading={loans.loading && !data}
            failed={Boolean(loans.error) && !data}
            onRetry={loans.reload}
          />
          {data?.list.map((loan) => (
            <tr key={loan.id} className="align-top" data-testid="loan-row" data-loan={loan.loanNo}>
              <Td className="whitespace-nowrap">
                <div className="font-mono text-xs">{loan.loanNo}</div>
                <TimeStamp iso={loan.appliedAt} />
              </Td>
              <Td>
                <div className="font-medium">{loan.borrowerName}</div>
                <div className="text-xs text-muted">
                  {loan.username} #{loan.userId} · {t('loans.kyc', { status: loan.kycStatus })}
                </div>
              </Td>
              <Td className="text-xs whitespace-nowrap" dir="ltr">
                <div className="font-mono">
                  {loan.amount} {loan.asset} · {loan.days} d
                </div>
                <div className="text-muted">
                  {t('loans.rateValue', {
                    rate: percent(loan.dailyRate),
                    free: loan.freeDays,
                    penalty: percent(loan.penaltyRate),
                  })}
                </div>
              </Td>
              <Td className="font-mono text-xs whitespace-nowrap" dir="ltr">
                <div>
                  {t('loans.dueAmount')}: {loan.dueAmount} {loan.asset}
                </div>
                {loan.dueAt ? (
                  <div className="text-muted">
                    {t('loans.dueAt')}: <TimeStamp iso={loan.dueAt} />
                  </div>
                ) : null}
                {loan.overdueDays > 0 ? (
                  <div className="text-danger">
                    {t('loans.damages', { days: loan.overdueDays, amount: loan.damages })}
                  </div>
                ) : null}
              </Td>
              <Td className="text-xs">
                <Button size="sm" onClick={() => void download(loan)} data-testid="loan-pdf">
                  {t('loans.pdf')}
                </Button>
                <div className="mt-1 font-mono break-all text-muted" dir="ltr">
                  {loan.agreementSha256.slice(0, 16)}…
                </div>
              </Td>
              <Td>
                {loan.state === 'pending' ? (
                  <div className="flex flex-col gap-1.5">
                    <Button
                      size="sm"
                      variant="primary"
                      onClick={() => setApproving(loan)}
                      data-testid="loan-approve"
                    >
                      {t('funding.approve')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setRejecting(loan)}
                      data-testid="loan-reject"
                    >
                      {t('funding.reject')}
                    </Button>
                  </div>
                ) : (
                  <div className="flex flex-col gap-1 text-xs">
                    <Badge tone={TONE[loan.state]}>{t(`loans.state.${loan.state}`)}</Badge>
                    {loan.reviewedBy ? <span>{loan.reviewedBy}</span> : null}
                    {loan.reason ? <span className="text-muted">{loan.reason}</span> : null}
                  </div>
                )}
              </Td>
            </tr>
          ))}
          {data?.list.length === 0 ? (
            <MessageRow columns={COLUMNS}>{t('loans.empty')}</MessageRow>
          ) : null}
        </tbody>
      </DataTable>
      <ListPager label={t('loans.caption')} data={data} onPage={setPage} />
      {approving ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setApproving(undefined))}
          title={t('loans.approveTitle', {
            amount: approving.amount,
            user: approving.borrowerName,
          })}
          description={t('loans.approveLead', { days: approving.days })}
          confirmLabel={t('funding.approve')}
          tone="primary"
          pending={pending}
          onConfirm={() => void approve(approving)}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog
          loan={rejecting}
          onClose={() => setRejecting(undefined)}
          onDone={() => {
            setRejecting(undefined);
            loans.reload();
          }}
        />
      ) : null}
      {me?.roles.includes('admin') ? <LoanProducts /> : null}
    </>
  );
}

function RejectDialog({
  loan,
  onClose,
  onDone,
}: {
  loan: AdminLoan;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(t('loans.reasonNeeded'));
      return;
    }
    setPending(true);
    try {
      await apiCall(rejectLoan, { params: { id: loan.id }, body: { reason }, quiet: true });
      toast.success(t('loans.rejected', { no: loan.loanNo }));
      onDone();
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
      title={t('loans.rejectTitle', { no: loan.loanNo })}
      description={t('funding.rejectLead')}
    >
      <form className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
        {problem ? <InlineAlert>{problem}</InlineAlert> : null}
        <TextAreaField
          label={t('loans.reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          data-testid="loan-reason"
        />
        <Button type="submit" variant="danger" disabled={pending} data-testid="loan-reject-confirm">
          {t('funding.reject')}
        </Button>
      </form>
    </Modal>
  );
}

interface ProductDraft {
  name: string;
  minAmount: string;
  maxAmount: string;
  terms: number[];
  ratePercent: string;
  enabled: boolean;
}

function LoanProducts() {
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
