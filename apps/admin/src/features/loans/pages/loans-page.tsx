import {
  type AdminLoan,
  approveLoan,
  downloadAdminLoanAgreement,
  type LoanState,
  listAdminLoans,
} from '@swx/contract';
import { dec } from '@swx/money';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { fetchPrivateFile } from '../../../shared/api/private-image';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useSession } from '../../../shared/session/use-session';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { SelectField } from '../../../shared/ui/field';
import { ListPager } from '../../../shared/ui/list-pager';
import { ConfirmDialog } from '../../../shared/ui/modal';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { LoanProducts } from '../components/loan-products';
import { RejectDialog } from '../components/reject-dialog';

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
