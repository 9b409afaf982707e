import { useState } from 'react';
import type { Loan } from '@swx/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { saveFile } from '../../../shared/api/save-file';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { toast } from '../../../shared/ui/toast-store';
import { loansApi } from '../loans.api';
import { percentOf } from '../loans.rules';
import { Term } from '../../../shared/ui/term';

const TONES: Record<Loan['state'], BadgeTone> = {
  pending: 'neutral',
  repaying: 'primary',
  repaid: 'success',
  expired: 'danger',
  rejected: 'danger',
};

export function MyLoans({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation('loan');
  // Reloads (a new version after an action, or an event) keep the list on screen until the new
  // one arrives.
  const loans = useApiQuery(`loan/mine/${version}`, (signal) => loansApi.loans(signal), {
    keepPreviousData: true,
  });
  useUserEvents((event) => {
    if (event.type === 'order' || event.type === 'balance') loans.retry();
  }, loans.retry);
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
