import type { z } from 'zod';
import type { AccountBalance } from '@swx/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { clearQueryCache, useApiQuery } from '../../../shared/api/use-api-query';
import { formatMoney } from '../../../shared/format/format-money';
import { AccountModeSwitch } from '../../../shared/session/account-mode-switch';
import { session, useSession } from '../../../shared/session/session-store';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Icon } from '../../../shared/ui/icons';
import { Num } from '../../../shared/ui/num';
import { Skeleton } from '../../../shared/ui/skeleton';
import { toast } from '../../../shared/ui/toast-store';
import { fetchAccountSummary, resetDemoBalances } from '../api/profile.api';
import { ProfileIcon } from './profile-icons';

type Balance = z.infer<typeof AccountBalance>;

/** The quote asset first, then the rest by code. */
function ordered(balances: readonly Balance[]): Balance[] {
  return [...balances].sort((a, b) =>
    a.asset === 'USDT' ? -1 : b.asset === 'USDT' ? 1 : a.asset.localeCompare(b.asset),
  );
}

/**
 * Real or demo: the shared switch, and in demo mode the virtual balances with a reset to the
 * starting grant (after a confirmation). When staff turned demo off for this user the switch is
 * replaced by the reason, and a stored demo mode falls back to real.
 */
export function AccountModeCard({ demoEnabled }: { demoEnabled: boolean }) {
  const { t, i18n } = useTranslation('profile');
  const { mode } = useSession();
  const demo = mode === 'demo';

  useEffect(() => {
    if (!demoEnabled && session.get().mode === 'demo') {
      session.setMode('real');
      clearQueryCache();
      toast.show('info', t('mode.disabledSwitchedBack'));
    }
  }, [demoEnabled, t]);

  const summary = useApiQuery(demo && demoEnabled ? 'account/summary/demo' : null, (signal) =>
    fetchAccountSummary(signal),
  );
  // A reset's reply carries the new balances; it stands in until the next load.
  const [afterReset, setAfterReset] = useState<readonly Balance[] | null>(null);
  useEffect(() => setAfterReset(null), [mode]);
  const balances = afterReset ?? (summary.data?.mode === 'demo' ? summary.data.balances : null);

  return (
    <section
      aria-labelledby="mode-title"
      data-testid="account-mode"
      data-mode={mode}
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:p-5 ${
        demo ? 'border-demo/50 bg-surface' : 'border-line bg-surface'
      }`}
    >
      <div className="flex items-center gap-2">
        <h2 id="mode-title" className="text-base font-semibold">
          {t('mode.title')}
        </h2>
        <Badge tone={demo ? 'demo' : 'neutral'}>{demo ? t('mode.demo') : t('mode.real')}</Badge>
      </div>

      {demoEnabled ? (
        <AccountModeSwitch />
      ) : (
        <p
          className="flex items-start gap-2 rounded-lg bg-subtle px-3 py-2 text-sm text-muted"
          data-testid="demo-disabled"
        >
          <Icon name="info" className="mt-0.5 size-4" />
          <span>{t('mode.demoDisabled')}</span>
        </p>
      )}

      {demo && demoEnabled ? (
        <div className="flex flex-col gap-3 border-t border-line pt-3">
          <div className="flex items-center gap-2">
            <h3 className="text-sm font-semibold">{t('mode.demoBalance')}</h3>
            <Badge tone="demo">{t('common:account.demoBadge')}</Badge>
          </div>
          {balances ? (
            balances.length > 0 ? (
              <ul className="flex flex-col gap-1" data-testid="demo-balances">
                {ordered(balances).map((balance) => (
                  <li
                    key={balance.asset}
                    className="flex items-baseline justify-between gap-3"
                    data-asset={balance.asset}
                  >
                    <span className="text-sm text-muted">{balance.asset}</span>
                    <span className="flex flex-col items-end">
                      <Num className="text-lg font-semibold">
                        {formatMoney(balance.available, balance.asset, i18n.language)}
                      </Num>
                      {/^0(\.0+)?$/.test(balance.frozen) ? null : (
                        <span className="text-xs text-muted">
                          {t('mode.frozen')}{' '}
                          <Num>{formatMoney(balance.frozen, balance.asset, i18n.language)}</Num>
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">{t('mode.noBalances')}</p>
            )
          ) : summary.status === 'error' ? (
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-muted">{t('common:state.loadFailed')}</p>
              <Button variant="secondary" size="sm" onClick={summary.retry}>
                {t('common:actions.retry')}
              </Button>
            </div>
          ) : (
            <div role="status" aria-label={t('common:state.loading')}>
              <Skeleton className="h-7 w-48" />
            </div>
          )}
          <ResetDemoButton onReset={setAfterReset} />
        </div>
      ) : demoEnabled ? (
        <p className="text-sm text-muted">{t('mode.realHint')}</p>
      ) : null}
    </section>
  );
}

function ResetDemoButton({ onReset }: { onReset: (balances: readonly Balance[]) => void }) {
  const { t, i18n } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // One key per confirmed reset: retrying after a lost reply cannot reset twice.
  const key = useRef<string>('');
  const confirm = () => {
    setPending(true);
    resetDemoBalances(key.current).then(
      (reply) => {
        setPending(false);
        setOpen(false);
        onReset(reply.balances);
        clearQueryCache();
        toast.success(t('mode.resetDone'));
      },
      (error: unknown) => {
        setPending(false);
        toast.error(apiErrorMessage(error, t, (k) => i18n.exists(k)));
      },
    );
  };
  return (
    <>
      <Button
        variant="secondary"
        className="self-start"
        icon={<ProfileIcon name="refresh" className="size-4" />}
        data-testid="reset-demo"
        onClick={() => {
          key.current = crypto.randomUUID();
          setOpen(true);
        }}
      >
        {t('mode.reset')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!pending) setOpen(next);
        }}
        title={t('mode.resetConfirmTitle')}
        description={t('mode.resetConfirmBody')}
        footer={
          <>
            <Button variant="secondary" disabled={pending} onClick={() => setOpen(false)}>
              {t('actions.cancel')}
            </Button>
            <Button loading={pending} onClick={confirm} data-testid="reset-demo-confirm">
              {t('mode.resetConfirm')}
            </Button>
          </>
        }
      />
    </>
  );
}
