import type { SmartOrder } from '@swx/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { formatDateTime } from '../../../shared/format/format-date';
import { Countdown } from '../../../shared/trading/order-ticks';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Num } from '../../../shared/ui/num';
import { Term } from '../../../shared/ui/term';
import { toast } from '../../../shared/ui/toast-store';
import { earnApi } from '../earn.api';
import { earlyExit, percentOf, todayEarning } from '../earn.rules';

/**
 * One running or ended plan: what it earned today and so far, its days, run time and next
 * earnings time; early exit shows the penalty and the refund before it is confirmed.
 */
export function PlanRow({ plan, onChanged }: { plan: SmartOrder; onChanged: () => void }) {
  const { t, i18n } = useTranslation('earn');
  const [exiting, setExiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const now = new Date();
  const hours = Math.max(0, Math.floor((now.getTime() - Date.parse(plan.startAt)) / 3_600_000));
  const exit = earlyExit(plan.amount, plan.penaltyRate, plan.asset);

  const confirmExit = async () => {
    setBusy(true);
    try {
      await earnApi.exit(plan.id, key);
      toast.success(t('exited'));
      setExiting(false);
      onChanged();
    } catch (e) {
      toast.error(apiErrorMessage(e, i18n.t.bind(i18n), (k) => i18n.exists(k)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="smart-plan"
      data-state={plan.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {plan.productName} · <Num>{`${plan.amount} ${plan.asset}`}</Num>
        </h3>
        <span className="rounded-full bg-subtle px-3 py-1 text-sm">{t(`state.${plan.state}`)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Term label={t('dailyYield')}>
          <Num>{`${percentOf(plan.dailyYield)} %`}</Num>
        </Term>
        <Term label={t('todayEarning')} testId="smart-today">
          <Num>{`${todayEarning(plan, now)} ${plan.asset}`}</Num>
        </Term>
        <Term label={t('accrued')} testId="smart-accrued">
          <Num>{`${plan.accruedProfit} ${plan.asset}`}</Num>
        </Term>
        <Term label={t('sharingDays')} testId="smart-days">
          <Num>{`${plan.paidDays} / ${plan.days}`}</Num>
        </Term>
        <Term label={t('runTime')} testId="smart-runtime">
          <Num>{t('runTimeValue', { days: Math.floor(hours / 24), hours: hours % 24 })}</Num>
        </Term>
        <Term label={t('startAt')}>{formatDateTime(plan.startAt, i18n.language)}</Term>
        {plan.nextEarningAt ? (
          <Term label={t('nextEarning')} testId="smart-next">
            {formatDateTime(plan.nextEarningAt, i18n.language)} ·{' '}
            <Countdown until={plan.nextEarningAt} />
          </Term>
        ) : null}
        {plan.penalty !== null ? (
          <Term label={t('penaltyPaid')}>
            <Num>{`${plan.penalty} ${plan.asset}`}</Num>
          </Term>
        ) : null}
      </dl>
      {plan.state === 'earning' ? (
        <Button variant="secondary" onClick={() => setExiting(true)} data-testid="smart-exit">
          {t('exit')}
        </Button>
      ) : null}
      {exiting ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setExiting(false)}
          title={t('exitTitle')}
          description={t('exitLead')}
          footer={
            <Button
              onClick={() => void confirmExit()}
              disabled={busy}
              data-testid="smart-exit-confirm"
            >
              {t('exitConfirm')}
            </Button>
          }
        >
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Term label={t('principal')}>
              <Num>{`${plan.amount} ${plan.asset}`}</Num>
            </Term>
            <Term label={t('penalty')} testId="smart-exit-penalty">
              <Num>{`${exit.penalty} ${plan.asset}`}</Num>
            </Term>
            <Term label={t('refund')} testId="smart-exit-refund">
              <Num>{`${exit.refund} ${plan.asset}`}</Num>
            </Term>
            <Term label={t('accrued')}>
              <Num>{`${plan.accruedProfit} ${plan.asset}`}</Num>
            </Term>
          </dl>
        </Dialog>
      ) : null}
    </li>
  );
}
