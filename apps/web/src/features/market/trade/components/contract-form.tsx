import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketInfo } from '@swx/contract';
import { dec } from '@swx/money';
import { tradingApi } from '../../../../shared/trading/trading.api';
import { Button } from '../../../../shared/ui/button';
import { Num } from '../../../../shared/ui/num';
import { TextField } from '../../../../shared/ui/text-field';
import { amountProblem, contractEstimate, executionPrice, stopsProblem } from '../trade.rules';
import type { PendingOrder } from './confirm-order';
import { Segmented, Term } from './fields';
import { useAvailable, useParam } from './use-trade-data';

/** Open a long or short position with isolated margin, at market or at a limit, with SL/TP. */
export function ContractForm({
  item,
  price,
  onReview,
}: {
  item: MarketInfo;
  price: string;
  onReview: (order: PendingOrder) => void;
}) {
  const { t } = useTranslation('trade');
  const [direction, setDirection] = useState<'long' | 'short'>('long');
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [limit, setLimit] = useState('');
  const [lots, setLots] = useState('0.01');
  const [leverage, setLeverage] = useState(
    item.leverages.includes(10) ? 10 : (item.leverages[0] ?? 1),
  );
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const feeRate = item.contractFeeRate;
  const mmr = useParam('maintenance_margin_ratio', '0.2');
  const usdt = useAvailable('USDT');
  const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

  const review = () => {
    const problems: Record<string, string> = {};
    if (type === 'limit' && amountProblem(limit, item.precision))
      problems.price = t('errors:10016');
    if (amountProblem(lots, 2) || dec(lots.trim() || '0').lt('0.01'))
      problems.lots = t('errors:10016');
    for (const [field, value] of [
      ['stopLoss', stopLoss],
      ['takeProfit', takeProfit],
    ] as const) {
      if (optional(value) !== undefined && amountProblem(value, item.precision))
        problems[field] = t('errors:10016');
    }
    const entry =
      type === 'limit'
        ? limit.trim()
        : executionPrice(price, item.spread, direction === 'long' ? 'buy' : 'sell', item.precision);
    if (Object.keys(problems).length === 0) {
      const side = stopsProblem(direction, entry, optional(stopLoss), optional(takeProfit));
      if (side === 10130 || side === 10132) problems.stopLoss = t(`errors:${side}`);
      if (side === 10131 || side === 10132) problems.takeProfit = t(`errors:${side}`);
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const estimate = contractEstimate({
      direction,
      entry,
      lots: lots.trim(),
      contractSize: item.contractSize,
      leverage,
      feeRate,
      mmr,
      precision: item.precision,
    });
    onReview({
      title: t(direction === 'long' ? 'contract.confirmLong' : 'contract.confirmShort', {
        code: item.code,
      }),
      done: t(type === 'limit' ? 'contract.placed' : 'contract.opened'),
      terms: (
        <>
          <Term label={t(type === 'limit' ? 'terms.limitPrice' : 'terms.estimatedEntry')}>
            <Num>{entry}</Num>
          </Term>
          <Term label={t('terms.lots')}>
            <Num>{`${lots.trim()} × ${item.contractSize}`}</Num>
          </Term>
          <Term label={t('terms.leverage')}>
            <Num>{`${leverage}×`}</Num>
          </Term>
          <Term label={t('terms.margin')} testId="contract-margin">
            <Num>{`${estimate.margin} USDT`}</Num>
          </Term>
          <Term label={t('terms.fee', { rate: `${dec(feeRate).times(100).toFixed()}%` })}>
            <Num>{`${estimate.fee} USDT`}</Num>
          </Term>
          <Term label={t('terms.liquidation')} testId="contract-liquidation">
            <Num>{estimate.liquidationPrice}</Num>
          </Term>
          {optional(stopLoss) ? (
            <Term label={t('fields.stopLoss')}>
              <Num>{stopLoss.trim()}</Num>
            </Term>
          ) : null}
          {optional(takeProfit) ? (
            <Term label={t('fields.takeProfit')}>
              <Num>{takeProfit.trim()}</Num>
            </Term>
          ) : null}
        </>
      ),
      place: (key) =>
        tradingApi.openContract(
          {
            code: item.code,
            direction,
            lots: lots.trim(),
            leverage,
            type,
            ...(type === 'limit' ? { price: limit.trim() } : {}),
            ...(optional(stopLoss) ? { stopLoss: optional(stopLoss) } : {}),
            ...(optional(takeProfit) ? { takeProfit: optional(takeProfit) } : {}),
          },
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
        label={t('contract.direction')}
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'long', label: t('contract.long'), tone: 'up' },
          { value: 'short', label: t('contract.short'), tone: 'down' },
        ]}
      />
      <Segmented
        label={t('type.label')}
        value={type}
        onChange={setType}
        options={[
          { value: 'market', label: t('type.market') },
          { value: 'limit', label: t('type.limit') },
        ]}
      />
      {type === 'limit' ? (
        <TextField
          label={t('fields.limitPrice')}
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          error={errors.price}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('fields.lots')}
          inputMode="decimal"
          value={lots}
          onChange={(e) => setLots(e.target.value)}
          error={errors.lots}
          data-testid="contract-lots"
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('fields.leverage')}
          <select
            value={leverage}
            onChange={(e) => setLeverage(Number(e.target.value))}
            className="min-h-11 rounded-lg border border-line-strong bg-surface px-3 text-base"
            data-testid="contract-leverage"
          >
            {item.leverages.map((l) => (
              <option key={l} value={l}>
                {`${l}×`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('fields.stopLoss')}
          inputMode="decimal"
          value={stopLoss}
          onChange={(e) => setStopLoss(e.target.value)}
          error={errors.stopLoss}
          hint={t('fields.optional')}
        />
        <TextField
          label={t('fields.takeProfit')}
          inputMode="decimal"
          value={takeProfit}
          onChange={(e) => setTakeProfit(e.target.value)}
          error={errors.takeProfit}
          hint={t('fields.optional')}
        />
      </div>
      <p className="flex justify-between text-xs text-muted">
        <span>{t('available')}</span>
        <Num>{`${usdt} USDT`}</Num>
      </p>
      <Button type="submit" data-testid="contract-submit">
        {t(direction === 'long' ? 'contract.reviewLong' : 'contract.reviewShort')}
      </Button>
    </form>
  );
}
