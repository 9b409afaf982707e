import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketInfo, OptionsPeriod } from '@swx/contract';
import { dec } from '@swx/money';
import { tradingApi } from '../../../../shared/trading/trading.api';
import { Button } from '../../../../shared/ui/button';
import { Num } from '../../../../shared/ui/num';
import { TextField } from '../../../../shared/ui/text-field';
import { amountProblem, optionsPayout, shareOf } from '../trade.rules';
import type { PendingOrder } from './confirm-order';
import { Segmented, ShareButtons, Term } from './fields';
import { useAvailable } from './use-trade-data';

/** Up or down over a period: the payout rate and range are the period's terms. */
export function OptionsForm({
  item,
  periods,
  onReview,
}: {
  item: MarketInfo;
  periods: readonly OptionsPeriod[];
  onReview: (order: PendingOrder) => void;
}) {
  const { t } = useTranslation('trade');
  const [direction, setDirection] = useState<'up' | 'down'>('up');
  const [seconds, setSeconds] = useState(periods[0]?.seconds ?? 30);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const usdt = useAvailable('USDT');
  const period = periods.find((p) => p.seconds === seconds) ?? periods[0];

  const review = () => {
    if (!period) return;
    const value = amount.trim();
    if (
      amountProblem(value, 6) ||
      dec(value).lt(period.minAmount) ||
      dec(value).gt(period.maxAmount)
    ) {
      setError(t('options.range', { min: period.minAmount, max: period.maxAmount }));
      return;
    }
    setError(undefined);
    onReview({
      title: t(direction === 'up' ? 'options.confirmUp' : 'options.confirmDown', {
        code: item.code,
      }),
      done: t('options.placed'),
      terms: (
        <>
          <Term label={t('terms.amount')}>
            <Num>{`${value} USDT`}</Num>
          </Term>
          <Term label={t('terms.period')}>
            <Num>{t('options.seconds', { n: period.seconds })}</Num>
          </Term>
          <Term label={t('terms.payoutRate')}>
            <Num>{`${dec(period.payoutRate).times(100).toFixed()}%`}</Num>
          </Term>
          <Term label={t('terms.payoutIfWon')} testId="options-payout">
            <Num>{`${optionsPayout(value, period.payoutRate)} USDT`}</Num>
          </Term>
          <Term label={t('terms.rules')}>{t('options.rules')}</Term>
        </>
      ),
      place: (key) =>
        tradingApi.buyOption(
          { code: item.code, direction, seconds: period.seconds, amount: value },
          key,
        ),
    });
  };

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <Segmented
        label={t('options.direction')}
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'up', label: t('options.up'), tone: 'up' },
          { value: 'down', label: t('options.down'), tone: 'down' },
        ]}
      />
      <div role="radiogroup" aria-label={t('options.period')} className="grid grid-cols-2 gap-2">
        {periods.map((p) => (
          <button
            key={p.seconds}
            type="button"
            role="radio"
            aria-checked={p.seconds === seconds}
            onClick={() => setSeconds(p.seconds)}
            className={`flex min-h-11 flex-col items-center justify-center rounded-lg border px-2 py-1 text-sm ${
              p.seconds === seconds
                ? 'border-primary bg-primary-soft text-fg'
                : 'border-line text-muted'
            }`}
          >
            <span className="font-semibold">{t('options.seconds', { n: p.seconds })}</span>
            <Num className="text-xs">{`${dec(p.payoutRate).times(100).toFixed()}%`}</Num>
          </button>
        ))}
      </div>
      <TextField
        label={t('fields.amount')}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={error}
        hint={
          period ? t('options.range', { min: period.minAmount, max: period.maxAmount }) : undefined
        }
        data-testid="options-amount"
      />
      <p className="flex justify-between text-xs text-muted">
        <span>{t('available')}</span>
        <Num>{`${usdt} USDT`}</Num>
      </p>
      <ShareButtons onShare={(share) => setAmount(shareOf(usdt, share, 2))} />
      <Button type="submit" data-testid="options-submit">
        {t(direction === 'up' ? 'options.reviewUp' : 'options.reviewDown')}
      </Button>
    </form>
  );
}
