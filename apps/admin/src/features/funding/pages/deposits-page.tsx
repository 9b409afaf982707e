import { listStaffDeposits, reviewDeposit, type StaffDeposit } from '@swx/contract';
import { useState } from 'react';
import { t } from '../../../i18n/translate';
import { apiCall } from '../../../shared/api/api-client';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button } from '../../../shared/ui/button';
import { DataTable, LoadStateRows, MessageRow, Td, Th } from '../../../shared/ui/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { PrivateImage } from '../../../shared/ui/private-image';
import { TimeStamp } from '../../../shared/ui/time-stamp';
import { toast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { ChainFacts } from '../components/chain-facts';
import { DecisionDialog, type Decision } from '../components/decision-dialog';
import { QUEUE_PAGE_SIZE, QueueFrame, useQueueFilter } from '../components/queue-frame';
import { StateBadge } from '../components/state-badge';

const COLUMNS = 6;

/** Deposits to review, oldest first: the proof beside the hash, approve or reject with a reason. */
export function DepositsPage() {
  useDocumentTitle(t('nav.deposits'));
  const { state, page, go } = useQueueFilter();
  const deposits = useApiQuery(listStaffDeposits, {
    query: { state, page, pageSize: QUEUE_PAGE_SIZE },
  });
  const [deciding, setDeciding] = useState<{ deposit: StaffDeposit; kind: 'approve' | 'reject' }>();

  const decide = async (deposit: StaffDeposit, decision: Decision) => {
    await apiCall(reviewDeposit, { params: { id: deposit.id }, body: decision, quiet: true });
    toast.success(
      t(decision.decision === 'approve' ? 'funding.deposit.approved' : 'funding.deposit.rejected', {
        no: deposit.orderNo,
      }),
    );
    deposits.reload();
  };

  const data = deposits.data;
  return (
    <>
      <PageHeader title={t('nav.deposits')} description={t('funding.deposit.description')} />
      <QueueFrame
        label={t('funding.stateLabel')}
        state={state}
        onState={(next) => go({ state: next })}
        data={data}
        onPage={(next) => go({ page: next })}
      >
        <DataTable caption={t('funding.deposit.caption')}>
          <thead>
            <tr>
              <Th>{t('funding.request')}</Th>
              <Th>{t('funding.customer')}</Th>
              <Th>{t('funding.amount')}</Th>
              <Th>{t('funding.deposit.transfer')}</Th>
              <Th>{t('funding.deposit.proof')}</Th>
              <Th>{t('funding.decision')}</Th>
            </tr>
          </thead>
          <tbody>
            <LoadStateRows
              columns={COLUMNS}
              rows={5}
              loading={deposits.loading && !data}
              failed={Boolean(deposits.error) && !data}
              onRetry={deposits.reload}
            />
            {data?.list.map((d) => (
              <tr key={d.id} className="align-top" data-testid="deposit-row" data-order={d.orderNo}>
                <Td className="whitespace-nowrap">
                  <div className="font-mono text-xs">{d.orderNo}</div>
                  <TimeStamp iso={d.createdAt} />
                </Td>
                <Td className="whitespace-nowrap">
                  {d.username} <span className="text-xs text-muted">#{d.userId}</span>
                </Td>
                <Td className="font-mono whitespace-nowrap" dir="ltr">
                  {d.amount} {d.coin}
                  <div className="text-xs text-muted">{d.network}</div>
                </Td>
                <Td className="max-w-72 text-xs">
                  <div className="font-mono break-all" dir="ltr">
                    {d.txHash}
                  </div>
                  <div className="mt-1 text-muted">
                    {t('funding.deposit.lastSix', { six: d.lastSix })}
                  </div>
                  <div className="mt-1 text-muted">
                    {t('funding.deposit.to', { address: d.address })}
                  </div>
                  <ChainFacts
                    deposit={d}
                    onChecked={(checked) =>
                      deposits.setData((page) =>
                        page
                          ? {
                              ...page,
                              list: page.list.map((x) => (x.id === checked.id ? checked : x)),
                            }
                          : page,
                      )
                    }
                  />
                </Td>
                <Td className="w-48">
                  <PrivateImage
                    path={d.proofUrl}
                    label={t('funding.deposit.proofOf', { no: d.orderNo })}
                    alt={t('funding.deposit.proofOf', { no: d.orderNo })}
                    downloadName={`proof-${d.orderNo}`}
                  />
                </Td>
                <Td>
                  {d.state === 'pending' ? (
                    <div className="flex flex-col gap-1.5">
                      <Button
                        size="sm"
                        variant="primary"
                        onClick={() => setDeciding({ deposit: d, kind: 'approve' })}
                      >
                        {t('funding.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setDeciding({ deposit: d, kind: 'reject' })}
                      >
                        {t('funding.reject')}
                      </Button>
                    </div>
                  ) : (
                    <div className="flex flex-col gap-1 text-xs">
                      <StateBadge state={d.state} />
                      {d.reviewedBy ? <span>{d.reviewedBy}</span> : null}
                      {d.reason ? <span className="text-muted">{d.reason}</span> : null}
                    </div>
                  )}
                </Td>
              </tr>
            ))}
            {data?.list.length === 0 ? (
              <MessageRow columns={COLUMNS}>{t('funding.empty')}</MessageRow>
            ) : null}
          </tbody>
        </DataTable>
      </QueueFrame>
      {deciding ? (
        <DecisionDialog
          title={t(
            deciding.kind === 'approve'
              ? 'funding.deposit.approveTitle'
              : 'funding.deposit.rejectTitle',
            {
              amount: deciding.deposit.amount,
              coin: deciding.deposit.coin,
              user: deciding.deposit.username,
            },
          )}
          description={t(
            deciding.kind === 'approve' ? 'funding.deposit.approveLead' : 'funding.rejectLead',
          )}
          kind={deciding.kind}
          onClose={() => setDeciding(undefined)}
          onDecide={(decision) => decide(deciding.deposit, decision)}
        />
      ) : null}
    </>
  );
}
