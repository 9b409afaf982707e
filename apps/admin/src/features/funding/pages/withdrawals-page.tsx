import { listStaffWithdrawals, reviewWithdrawal, type StaffWithdrawal } from '@swx/contract';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useSession } from '../../../shared/session/use-session';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { DecisionDialog, type Decision } from '../components/decision-dialog';
import { QUEUE_PAGE_SIZE, QueueFrame, useQueueFilter } from '../components/queue-frame';
import { StateBadge } from '../components/state-badge';

const COLUMNS = 6;

/**
 * Withdrawals to review, oldest first. Paying needs the payout reference of the transfer made;
 * above the four-eyes threshold the first approval is recorded and another finance member pays.
 */
export function WithdrawalsPage() {
  useDocumentTitle(t('nav.withdrawals'));
  const { me } = useSession();
  const { state, page, go } = useQueueFilter();
  const withdrawals = useApiQuery(listStaffWithdrawals, {
    query: { state, page, pageSize: QUEUE_PAGE_SIZE },
  });
  const [deciding, setDeciding] = useState<{
    withdrawal: StaffWithdrawal;
    kind: 'approve' | 'pay' | 'reject';
  }>();

  const decide = async (w: StaffWithdrawal, decision: Decision) => {
    const saved = await apiCall(reviewWithdrawal, {
      params: { id: w.id },
      body: decision,
      quiet: true,
    });
    toast.success(
      t(
        saved.state === 'approved'
          ? 'funding.withdrawal.paid'
          : saved.state === 'rejected'
            ? 'funding.withdrawal.returned'
            : 'funding.withdrawal.firstApproval',
        { no: w.orderNo },
      ),
    );
    withdrawals.reload();
  };

  const data = withdrawals.data;
  return (
    <>
      <PageHeader title={t('nav.withdrawals')} description={t('funding.withdrawal.description')} />
      <QueueFrame
        label={t('funding.stateLabel')}
        state={state}
        onState={(next) => go({ state: next })}
        data={data}
        onPage={(next) => go({ page: next })}
      >
        <DataTable caption={t('funding.withdrawal.caption')}>
          <thead>
            <tr>
              <Th>{t('funding.request')}</Th>
              <Th>{t('funding.customer')}</Th>
              <Th>{t('funding.amount')}</Th>
              <Th>{t('funding.withdrawal.destination')}</Th>
              <Th>{t('funding.withdrawal.approvals')}</Th>
              <Th>{t('funding.decision')}</Th>
            </tr>
          </thead>
          <tbody>
            <LoadStateRows
              columns={COLUMNS}
              rows={5}
              loading={withdrawals.loading && !data}
              failed={Boolean(withdrawals.error) && !data}
              onRetry={withdrawals.reload}
            />
            {data?.list.map((w) => {
              const waitsForSecond = w.needsSecond && w.firstApprovedBy === null;
              const firstWasMe = w.firstApprovedBy !== null && w.firstApprovedBy === me?.username;
              return (
                <tr
                  key={w.id}
                  className="align-top"
                  data-testid="withdrawal-row"
                  data-order={w.orderNo}
                >
                  <Td className="whitespace-nowrap">
                    <div className="font-mono text-xs">{w.orderNo}</div>
                    <TimeStamp iso={w.createdAt} />
                  </Td>
                  <Td className="whitespace-nowrap">
                    {w.username} <span className="text-xs text-muted">#{w.userId}</span>
                  </Td>
                  <Td className="font-mono text-xs whitespace-nowrap" dir="ltr">
                    <div className="text-sm">
                      {w.amount} {w.coin}
                    </div>
                    <div className="text-muted">
                      {t('funding.withdrawal.fee', { fee: w.fee, coin: w.coin })}
                    </div>
                    <div className="font-semibold">
                      {t('funding.withdrawal.actual', { actual: w.actual, coin: w.coin })}
                    </div>
                    <div className="text-muted">≈ {w.valueUsdt} USDT</div>
                  </Td>
                  <Td className="max-w-72 text-xs">
                    {w.method === 'crypto' ? (
                      <>
                        <Badge>{w.network}</Badge>
                        <div className="mt-1 font-mono break-all" dir="ltr">
                          {w.address}
                        </div>
                      </>
                    ) : (
                      <>
                        <Badge>{t('funding.withdrawal.bank')}</Badge>
                        <div className="mt-1">{w.holderName}</div>
                        <div>{w.bankType}</div>
                        <div className="font-mono" dir="ltr">
                          {w.accountNumber}
                        </div>
                      </>
                    )}
                  </Td>
                  <Td className="text-xs">
                    {w.needsSecond ? (
                      <Badge tone="warning">{t('funding.withdrawal.fourEyes')}</Badge>
                    ) : (
                      <span className="text-muted">{t('funding.withdrawal.single')}</span>
                    )}
                    {w.firstApprovedBy ? (
                      <div className="mt-1">
                        {t('funding.withdrawal.firstBy', { name: w.firstApprovedBy })}
                      </div>
                    ) : null}
                  </Td>
                  <Td>
                    {w.state === 'pending' ? (
                      <div className="flex flex-col gap-1.5">
                        <Button
                          size="sm"
                          variant="primary"
                          disabled={firstWasMe}
                          title={firstWasMe ? t('funding.withdrawal.notTwice') : undefined}
                          onClick={() =>
                            setDeciding({ withdrawal: w, kind: waitsForSecond ? 'approve' : 'pay' })
                          }
                        >
                          {t(
                            waitsForSecond
                              ? 'funding.withdrawal.firstApprove'
                              : 'funding.withdrawal.pay',
                          )}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setDeciding({ withdrawal: w, kind: 'reject' })}
                        >
                          {t('funding.reject')}
                        </Button>
                      </div>
                    ) : (
                      <div className="flex flex-col gap-1 text-xs">
                        <StateBadge state={w.state} />
                        {w.reviewedBy ? <span>{w.reviewedBy}</span> : null}
                        {w.payoutRef ? (
                          <span className="font-mono break-all" dir="ltr">
                            {w.payoutRef}
                          </span>
                        ) : null}
                        {w.reason ? <span className="text-muted">{w.reason}</span> : null}
                      </div>
                    )}
                  </Td>
                </tr>
              );
            })}
            {data?.list.length === 0 ? (
              <MessageRow columns={COLUMNS}>{t('funding.empty')}</MessageRow>
            ) : null}
          </tbody>
        </DataTable>
      </QueueFrame>
      {deciding ? (
        <DecisionDialog
          title={t(
            deciding.kind === 'reject'
              ? 'funding.withdrawal.rejectTitle'
              : deciding.kind === 'pay'
                ? 'funding.withdrawal.payTitle'
                : 'funding.withdrawal.firstTitle',
            {
              amount: deciding.withdrawal.actual,
              coin: deciding.withdrawal.coin,
              user: deciding.withdrawal.username,
            },
          )}
          description={t(
            deciding.kind === 'reject'
              ? 'funding.rejectLead'
              : deciding.kind === 'pay'
                ? 'funding.withdrawal.payLead'
                : 'funding.withdrawal.firstLead',
          )}
          kind={deciding.kind}
          onClose={() => setDeciding(undefined)}
          onDecide={(decision) => decide(deciding.withdrawal, decision)}
        />
      ) : null}
    </>
  );
}
