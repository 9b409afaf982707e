import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@swx/contract';
import { formatDateTime } from '../../../shared/format/format-date';
import { directionOf, directionTextClass } from '../../../shared/market/change';
import { DemoBadge } from '../../../shared/session/demo-badge';
import { useSession } from '../../../shared/session/session-store';
import { tradingApi, type TransactionProduct } from '../../../shared/trading/trading.api';
import { Num } from '../../../shared/ui/num';
import { PagedList } from '../components/paged-list';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';

const FILTERS = [
  'all',
  'spot',
  'contract',
  'options',
  'convert',
  'funding',
  'demo',
  'other',
] as const;
type Filter = (typeof FILTERS)[number];

/** Ledger reasons the screen names; a newer one shows its technical name until translated. */
const KNOWN_KINDS = new Set([
  'earn.buy',
  'earn.accrue',
  'earn.return',
  'earn.exit',
  'loan.disburse',
  'loan.repay',
  'loan.interest',
  'loan.damages',
  'nft.bid',
  'nft.refund',
  'nft.buy',
  'nft.win',
  'invite.commission',
  'spot.fill',
  'spot.freeze',
  'spot.cancel',
  'spot.revoke',
  'contract.open',
  'contract.freeze',
  'contract.fill',
  'contract.cancel',
  'contract.close',
  'options.buy',
  'options.settle',
  'convert.accept',
  'demo.grant',
  'demo.reset',
  'deposit',
  'withdraw.freeze',
  'withdraw.pay',
  'withdraw.return',
]);

/**
 * /profile/records: the transaction record: every ledger entry of the account in the current
 * mode, newest first: what moved, in which bucket, why (the order number) and the balance after.
 */
export default function RecordsPage() {
  return (
    <RequireLogin>
      <Records />
    </RequireLogin>
  );
}

function EntryRow({ entry }: { entry: LedgerEntry }) {
  const { t, i18n } = useTranslation('profile');
  const signed = entry.amount.startsWith('-') ? entry.amount : `+${entry.amount}`;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3" data-testid="ledger-entry">
      <span className="flex min-w-0 flex-col">
        <span className="font-medium" data-kind={entry.kind}>
          {KNOWN_KINDS.has(entry.kind) ? t(`records.kind.${entry.kind}`) : entry.kind}
        </span>
        <span className="text-xs text-muted">
          {formatDateTime(entry.createdAt, i18n.language)} · <bdi dir="ltr">{entry.ref}</bdi>
        </span>
      </span>
      <span className="flex flex-col items-end">
        <span className={`font-semibold ${directionTextClass(directionOf(entry.amount))}`}>
          <Num>{`${signed} ${entry.asset}`}</Num>
        </span>
        <span className="text-xs text-muted">
          {t(`records.bucket.${entry.bucket}`)} · {t('records.balanceAfter')}{' '}
          <Num>{entry.balanceAfter}</Num>
        </span>
      </span>
    </div>
  );
}

function Records() {
  const { t } = useTranslation('profile');
  const { mode } = useSession();
  const [filter, setFilter] = useState<Filter>('all');
  const product: TransactionProduct | undefined = filter === 'all' ? undefined : filter;
  return (
    <ProfileFrame>
      <title>{t('records.title')}</title>
      <ProfileHeading title={t('records.title')} lead={t('records.lead')} />
      {mode === 'demo' ? <DemoBadge /> : null}
      <div
        role="radiogroup"
        aria-label={t('records.filterLabel')}
        className="flex gap-2 overflow-x-auto pb-1"
      >
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="radio"
            aria-checked={filter === f}
            onClick={() => setFilter(f)}
            className={`min-h-10 shrink-0 rounded-full border px-4 text-sm font-medium ${
              filter === f
                ? 'border-primary bg-primary text-on-primary'
                : 'border-line bg-surface hover:bg-subtle'
            }`}
          >
            {t(`records.filter.${f}`)}
          </button>
        ))}
      </div>
      <section className="rounded-2xl border border-line bg-surface px-4 py-1">
        <PagedList<LedgerEntry>
          key={filter}
          queryKey={`records/${filter}`}
          testId="ledger-entries"
          load={(page, signal) => tradingApi.transactions({ product, page }, signal)}
          empty={t('records.empty')}
          render={(entry) => <EntryRow entry={entry} />}
        />
      </section>
    </ProfileFrame>
  );
}
