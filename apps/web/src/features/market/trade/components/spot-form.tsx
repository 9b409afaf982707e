import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketInfo } from '@swx/contract';
import { dec } from '@swx/money';
import { tradingApi } from '../../../../shared/trading/trading.api';
import { Button } from '../../../../shared/ui/button';
import { Num } from '../../../../shared/ui/num';
import { TextField } from '../../../../shared/ui/text-field';
import { amountProblem, executionPrice, shareOf, spotEstimate } from '../trade.rules';
import type { PendingOrder } from './confirm-order';
import { Segmented, ShareButtons, Term } from './fields';
import { useAvailable } from './use-trade-data';

/** Buy or sell a coin against USDT, at market or at a limit. */
export function SpotForm({
  item,
  price,
  onReview,
}: {
  item: MarketInfo;
  price: string;
  onReview: (order: PendingOrder) => void;
}) {
  const { t } = useTranslation('trade');
  const base = item.code.replace(/USDT$/, '');
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [limit, setLimit] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const feeRate = item.spotFeeRate;
  const usdt = useAvailable('USDT');
  const coin = useAvailable(base);
  // A market buy spends USDT (turnover); a limit or a sell is a quantity of the coin.
  const byTurnover = side === 'buy' && type === 'market';
  const amountAsset = byTurnover ? 'USDT' : base;
  const scale = byTurnover ? 6 : 8;

  const review = () => {
    const problems: Record<string, string> = {};
    if (type === 'limit' && amountProblem(limit, item.precision))
      problems.price = t('errors:10016');
    if (amountProblem(amount, scale)) problems.amount = t('errors:10016');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const at =
      type === 'limit' ? limit.trim() : executionPrice(price, item.spread, side, item.precision);
    const estimate = spotEstimate({
      side,
      base,
      price: at,
      ...(byTurnover ? { turnover: amount.trim() } : { quantity: amount.trim() }),
      feeRate,
    });
    onReview({
      title: t(side === 'buy' ? 'spot.confirmBuy' : 'spot.confirmSell', { base }),
      done: t('spot.placed'),
      terms: (
        <>
          <Term label={t(type === 'limit' ? 'terms.limitPrice' : 'terms.estimatedPrice')}>
            <Num>{at}</Num>
          </Term>
          <Term label={t('terms.quantity')}>
            <Num>{`${estimate.quantity} ${base}`}</Num>
          </Term>
          <Term label={t('terms.turnover')}>
            <Num>{`${estimate.turnover} USDT`}</Num>
          </Term>
          <Term label={t('terms.fee', { rate: `${dec(feeRate).times(100).toFixed()}%` })}>
            <Num>{`${estimate.fee} ${estimate.feeAsset}`}</Num>
          </Term>
          <Term label={t('terms.receive')} testId="spot-receive">
            <Num>{`${estimate.receive} ${estimate.receiveAsset}`}</Num>
          </Term>
        </>
      ),
      place: (key) =>
        tradingApi.submitSpot(
          {
            code: item.code,
            side,
            type,
            ...(type === 'limit' ? { price: limit.trim() } : {}),
            ...(byTurnover ? { turnover: amount.trim() } : { quantity: amount.trim() }),
          },
          key,
        ),
    });
  };

  const available = side === 'buy' ? usdt : coin;
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
        label={t('spot.side')}
        value={side}
        onChange={setSide}
        options={[
          { value: 'buy', label: t('spot.buy'), tone: 'up' },
          { value: 'sell', label: t('spot.sell'), tone: 'down' },
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
      <TextField
        label={t(byTurnover ? 'fields.turnover' : 'fields.quantity', { asset: amountAsset })}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        data-testid="spot-amount"
      />
      <p className="flex justify-between text-xs text-muted">
        <span>{t('available')}</span>
        <Num>{`${available} ${side === 'buy' ? 'USDT' : base}`}</Num>
      </p>
      <ShareButtons
        onShare={(share) => {
          const unitPrice =
            type === 'limit' ? limit : executionPrice(price, item.spread, 'buy', item.precision);
          if (side === 'sell' || byTurnover) setAmount(shareOf(available, share, scale));
          else if (amountProblem(unitPrice, item.precision) === undefined)
            setAmount(shareOf(dec(available).div(unitPrice).toFixed(12), share, 8));
        }}
      />
      <Button type="submit" data-testid="spot-submit">
        {t(side === 'buy' ? 'spot.reviewBuy' : 'spot.reviewSell', { base })}
      </Button>
    </form>
  );
}
