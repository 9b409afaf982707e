import type { Deposit, Withdrawal } from '@swx/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { Badge } from '../../../shared/ui/badge';
import { Num } from '../../../shared/ui/num';
import { Tabs } from '../../../shared/ui/tabs';
import type { RefreshSignal } from '../../../shared/api/refresh-signal';
import { fundingApi } from '../api/funding.api';
import { PagedList } from './paged-list';

const TONE = { pending: 'primary', approved: 'success', rejected: 'danger' } as const;

function State({ state }: { state: Deposit['state'] }) {
  const { t } = useTranslation('profile');
  return <Badge tone={TONE[state]}>{t(`funding.state.${state}`)}</Badge>;
}

/** The user's deposits and withdrawals, newest first, with their states and reasons. */
export function FundingHistory({
  version,
  resyncs,
}: {
  version: number;
  /** Reloads the lists in the background (a resync of the live socket). */
  resyncs?: RefreshSignal;
}) {
  const { t, i18n } = useTranslation('profile');
  const deposit = (d: Deposit) => (
    <div className="flex flex-col gap-1" data-testid="deposit-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          <Num>{`${d.amount} ${d.coin}`}</Num> · {d.network}
        </span>
        <State state={d.state} />
      </div>
      <Num className="self-start break-all text-xs text-muted">{d.txHash}</Num>
      {d.reason ? <p className="text-danger">{t('funding.reason', { reason: d.reason })}</p> : null}
      <span className="text-xs text-muted">
        {d.orderNo} · {formatDateTime(d.createdAt, i18n.language)}
      </span>
    </div>
  );
  const withdrawal = (w: Withdrawal) => (
    <div className="flex flex-col gap-1" data-testid="withdrawal-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          <Num>{`${w.amount} ${w.coin}`}</Num> ·{' '}
          {w.method === 'bank' ? t('funding.withdraw.bank') : w.network}
        </span>
        <State state={w.state} />
      </div>
      <span className="text-muted">
        {t('funding.withdraw.feeAndActual', { fee: w.fee, actual: w.actual, coin: w.coin })}
      </span>
      <Num className="self-start break-all text-xs text-muted">
        {w.method === 'bank'
          ? `${w.holderName ?? ''} · ${w.accountNumber ?? ''}`
          : (w.address ?? '')}
      </Num>
      {w.reason ? <p className="text-danger">{t('funding.reason', { reason: w.reason })}</p> : null}
      <span className="text-xs text-muted">
        {w.orderNo} · {formatDateTime(w.createdAt, i18n.language)}
      </span>
    </div>
  );
  return (
    <Tabs
      label={t('funding.history')}
      items={[
        {
          value: 'deposits',
          label: t('funding.deposits'),
          content: (
            <PagedList
              queryKey="funding/deposits"
              version={version}
              refreshOn={resyncs}
              load={(page, signal) => fundingApi.deposits(page, signal)}
              empty={t('funding.noDeposits')}
              render={deposit}
              testId="deposit-list"
            />
          ),
        },
        {
          value: 'withdrawals',
          label: t('funding.withdrawals'),
          content: (
            <PagedList
              queryKey="funding/withdrawals"
              version={version}
              refreshOn={resyncs}
              load={(page, signal) => fundingApi.withdrawals(page, signal)}
              empty={t('funding.noWithdrawals')}
              render={withdrawal}
              testId="withdrawal-list"
            />
          ),
        },
      ]}
    />
  );
}
