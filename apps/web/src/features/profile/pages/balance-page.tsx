import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  createRefreshSignal,
  useRefreshSignal,
  type RefreshSignal,
} from '../../../shared/api/refresh-signal';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { paths } from '../../../shared/navigation/paths';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { AccountModeSwitch } from '../../../shared/session/account-mode-switch';
import { DemoBadge } from '../../../shared/session/demo-badge';
import { useSession } from '../../../shared/session/session-store';
import { tradingApi } from '../../../shared/trading/trading.api';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { Tabs } from '../../../shared/ui/tabs';
import { fundingApi } from '../api/funding.api';
import { fetchUserInfo } from '../api/profile.api';
import { DepositForm } from '../components/deposit-form';
import { FundingHistory } from '../components/funding-history';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';
import { StatementExport } from '../components/statement-export';
import { AddressBook } from '../components/address-book';
import { WithdrawForm } from '../components/withdraw-form';

/** /profile/balance: balances by asset, deposits and withdrawals with their history, statement. */
export default function BalancePage() {
  return (
    <RequireLogin>
      <Balance />
    </RequireLogin>
  );
}

function Balance() {
  const { t } = useTranslation('profile');
  const { mode } = useSession();
  const [version, setVersion] = useState(0);
  const assets = useApiQuery(`${mode}/assets`, (signal) => tradingApi.assets(signal));
  // A review decided elsewhere (a deposit credited, a withdrawal paid or returned) shows at once.
  // Reloads keep the figures on screen until the new ones arrive (no skeleton flash).
  const done = () => {
    setVersion((v) => v + 1);
    assets.retry();
  };
  // After the live socket (re)connects, events may have been missed: everything reloads in the
  // background and renders again only where the reply differs (the usual answer: nothing).
  const [resyncs] = useState(createRefreshSignal);
  useUserEvents(
    (event) => {
      if (event.type === 'funding' || event.type === 'balance') done();
    },
    () => {
      assets.refresh();
      resyncs.emit();
    },
  );

  return (
    <ProfileFrame wide>
      <title>{t('funding.documentTitle')}</title>
      <ProfileHeading title={t('funding.title')} lead={t('funding.lead')} />
      {mode === 'demo' ? <DemoBadge /> : null}
      <section
        aria-labelledby="balance-assets"
        className="rounded-2xl border border-line bg-surface p-4"
      >
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="balance-assets" className="font-semibold">
            {t('funding.balances')}
          </h2>
          <p className="text-sm" data-testid="balance-total">
            {t('funding.total')}{' '}
            <Num className="font-semibold">{`${assets.data?.totalUsdt ?? '—'} USDT`}</Num>
          </p>
        </div>
        {!assets.data ? (
          <ListSkeleton rows={2} label={t('records.loading')} />
        ) : assets.data.list.length === 0 ? (
          <EmptyState icon="wallet" title={t('funding.noBalances')} />
        ) : (
          <ul className="divide-y divide-line">
            {assets.data.list.map((a) => (
              <li
                key={a.asset}
                className="grid grid-cols-2 gap-2 py-3 text-sm sm:grid-cols-5"
                data-testid="balance-row"
                data-asset={a.asset}
              >
                <span className="font-semibold">{a.asset}</span>
                <Cell label={t('funding.available')} value={a.available} />
                <Cell label={t('funding.frozen')} value={a.frozen} />
                <Cell label={t('funding.inUse')} value={`${a.margin} / ${a.options} / ${a.earn}`} />
                <span className="flex flex-col sm:text-end">
                  <span className="text-muted">{t('funding.value')}</span>
                  <Num>{a.valueUsdt === null ? '—' : `${a.valueUsdt} USDT`}</Num>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {mode === 'demo' ? (
        <section className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-4">
          <p data-testid="funding-demo">{t('errors:10107')}</p>
          <AccountModeSwitch />
        </section>
      ) : (
        <RealFunding version={version} resyncs={resyncs} onDone={done} />
      )}
    </ProfileFrame>
  );
}

function Cell({ label, value }: { label: string; value: string }) {
  return (
    <span className="flex flex-col">
      <span className="text-muted">{label}</span>
      <Num className="self-start">{value}</Num>
    </span>
  );
}

function RealFunding({
  version,
  resyncs,
  onDone,
}: {
  version: number;
  resyncs: RefreshSignal;
  onDone: () => void;
}) {
  const { t } = useTranslation('profile');
  const addresses = useApiQuery('funding/addresses', (signal) => fundingApi.addresses(signal));
  const user = useApiQuery(`profile/user/${version}`, (signal) => fetchUserInfo(signal), {
    silent: true,
    keepPreviousData: true,
  });
  useRefreshSignal(resyncs, user.refresh);
  const [bookVersion, setBookVersion] = useState(0);
  const book = useApiQuery(`funding/address-book/${bookVersion}`, (signal) =>
    fundingApi.addressBook(signal),
  );
  return (
    <>
      <section className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <Tabs
          label={t('funding.actions')}
          fill
          items={[
            {
              value: 'deposit',
              label: t('funding.deposit.tab'),
              content: (
                <div className="pt-4">
                  {addresses.data ? (
                    <DepositForm addresses={addresses.data} onSubmitted={onDone} />
                  ) : (
                    <ListSkeleton rows={3} label={t('records.loading')} />
                  )}
                </div>
              ),
            },
            {
              value: 'withdraw',
              label: t('funding.withdraw.tab'),
              content: (
                <div className="pt-4">
                  {user.data ? (
                    <>
                      <WithdrawForm
                        hasPassword={user.data.hasWithdrawPassword}
                        twoFactor={user.data.twoFactor}
                        saved={book.data?.list ?? []}
                        whitelist={book.data?.whitelist ?? false}
                        onSubmitted={onDone}
                      />
                      {user.data.hasWithdrawPassword ? null : (
                        <Link
                          to={paths.profileInfo}
                          className="mt-3 inline-block text-link underline"
                        >
                          {t('funding.withdraw.setPassword')}
                        </Link>
                      )}
                    </>
                  ) : (
                    <ListSkeleton rows={3} label={t('records.loading')} />
                  )}
                </div>
              ),
            },
            {
              value: 'addresses',
              label: t('addressBook.tab'),
              content: (
                <div className="pt-4">
                  {book.data && user.data ? (
                    <AddressBook
                      book={book.data}
                      twoFactor={user.data.twoFactor}
                      onChange={() => setBookVersion((v) => v + 1)}
                    />
                  ) : (
                    <ListSkeleton rows={3} label={t('records.loading')} />
                  )}
                </div>
              ),
            },
          ]}
        />
      </section>
      <section
        aria-labelledby="funding-history"
        className="rounded-2xl border border-line bg-surface p-4"
      >
        <h2 id="funding-history" className="mb-2 font-semibold">
          {t('funding.history')}
        </h2>
        <FundingHistory version={version} resyncs={resyncs} />
      </section>
      <section
        aria-labelledby="funding-statement"
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      >
        <h2 id="funding-statement" className="font-semibold">
          {t('funding.statement.title')}
        </h2>
        <p className="text-sm text-muted">{t('funding.statement.lead')}</p>
        <StatementExport />
      </section>
    </>
  );
}
