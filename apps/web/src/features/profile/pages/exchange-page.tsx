import type { ConvertQuote } from '@swx/contract';
import { dec } from '@swx/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../shared/api/error-message';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import { DemoBadge } from '../../../shared/session/demo-badge';
import { useSession } from '../../../shared/session/session-store';
import { tradingApi } from '../../../shared/trading/trading.api';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';

/** How long a quote holds (the server refuses it afterwards with 10128). */
const QUOTE_MS = 10_000;

/** /profile/exchange: convert one asset into another at a quote that holds for 10 seconds. */
export default function ExchangePage() {
  return (
    <RequireLogin>
      <Exchange />
    </RequireLogin>
  );
}

function useSecondsLeft(until: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((Date.parse(until) - now) / 1000)) : 0;
}

function Exchange() {
  const { t, i18n } = useTranslation('profile');
  const { mode } = useSession();
  const [version, setVersion] = useState(0);
  const assets = useApiQuery('convert/assets', (signal) => tradingApi.convertAssets(signal));
  const [from, setFrom] = useState('USDT');
  const [to, setTo] = useState('BTC');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [quote, setQuote] = useState<ConvertQuote | null>(null);
  // Counted from when the quote arrived (10 s), not from the server's clock, which may differ.
  const [until, setUntil] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const available = useApiQuery(
    `${mode}/asset/${from}/${version}`,
    (signal) => tradingApi.assetInfo(from, signal),
    {
      silent: true,
    },
  );
  const history = useApiQuery(
    `${mode}/converts/${version}`,
    (signal) => tradingApi.converts(signal),
    { silent: true },
  );
  const left = useSecondsLeft(quote ? until : undefined);
  const list = assets.data ?? ['USDT'];
  const failed = (e: unknown) =>
    toast.error(apiErrorMessage(e, i18n.t.bind(i18n), (k) => i18n.exists(k)));

  const getQuote = async () => {
    const value = amount.trim();
    if (!/^\d+(\.\d+)?$/.test(value) || dec(value).lte(0)) {
      setError(t('errors:10016'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const received = await tradingApi.quote({ from, to, amount: value }, crypto.randomUUID());
      setUntil(new Date(Date.now() + QUOTE_MS).toISOString());
      setQuote(received);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const accept = async () => {
    if (!quote) return;
    setBusy(true);
    try {
      await tradingApi.acceptQuote(
        { quoteId: quote.quoteId, from: quote.from, to: quote.to, amount: quote.amount },
        crypto.randomUUID(),
      );
      toast.success(t('exchange.done'));
      setQuote(null);
      setAmount('');
      setVersion((v) => v + 1);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const select = (label: string, value: string, onChange: (v: string) => void, testId: string) => (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      {label}
      <select
        value={value}
        data-testid={testId}
        onChange={(e) => {
          onChange(e.target.value);
          setQuote(null);
        }}
        className="min-h-11 rounded-lg border border-line-strong bg-surface px-3 text-base"
      >
        {list.map((asset) => (
          <option key={asset} value={asset}>
            {asset}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <ProfileFrame>
      <title>{t('exchange.title')}</title>
      <ProfileHeading title={t('exchange.title')} lead={t('exchange.lead')} />
      {mode === 'demo' ? <DemoBadge /> : null}
      <section className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <div className="grid grid-cols-2 gap-3">
          {select(t('exchange.from'), from, setFrom, 'convert-from')}
          {select(t('exchange.to'), to, setTo, 'convert-to')}
        </div>
        <TextField
          label={t('exchange.amount', { asset: from })}
          inputMode="decimal"
          value={amount}
          error={error}
          data-testid="convert-amount"
          onChange={(e) => {
            setAmount(e.target.value);
            setQuote(null);
          }}
          hint={
            <span>
              {t('exchange.available')} <Num>{`${available.data?.available ?? '0'} ${from}`}</Num>
            </span>
          }
        />
        {quote ? (
          <dl
            className="divide-y divide-line rounded-xl bg-subtle px-4 py-2 text-sm"
            data-testid="convert-quote"
          >
            <div className="flex justify-between py-1">
              <dt className="text-muted">{t('exchange.rate')}</dt>
              <dd>
                <Num>{`1 ${quote.from} = ${quote.rate} ${quote.to}`}</Num>
              </dd>
            </div>
            <div className="flex justify-between py-1">
              <dt className="text-muted">
                {t('exchange.fee', { rate: `${dec(quote.feeRate).times(100).toFixed()}%` })}
              </dt>
              <dd>
                <Num>{`${quote.fee} ${quote.to}`}</Num>
              </dd>
            </div>
            <div className="flex justify-between py-1 font-semibold">
              <dt>{t('exchange.receive')}</dt>
              <dd data-testid="convert-receive">
                <Num>{`${quote.receive} ${quote.to}`}</Num>
              </dd>
            </div>
            <div className="py-1 text-muted" role="status">
              {left > 0 ? t('exchange.validFor', { seconds: left }) : t('exchange.expired')}
            </div>
          </dl>
        ) : null}
        {quote && left > 0 ? (
          <Button onClick={() => void accept()} disabled={busy} data-testid="convert-accept">
            {t('exchange.accept')}
          </Button>
        ) : (
          <Button
            onClick={() => void getQuote()}
            disabled={busy || from === to}
            data-testid="convert-quote-button"
          >
            {quote ? t('exchange.requote') : t('exchange.getQuote')}
          </Button>
        )}
      </section>
      <section aria-labelledby="convert-history" className="flex flex-col gap-2">
        <h2 id="convert-history" className="font-semibold">
          {t('exchange.history')}
        </h2>
        {(history.data?.list ?? []).length === 0 ? (
          <EmptyState icon="wallet" title={t('exchange.none')} />
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {(history.data?.list ?? []).map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm"
                data-testid="convert-row"
              >
                <Num>{`${c.amount} ${c.from} → ${c.receive} ${c.to}`}</Num>
                <span className="text-muted">{formatDateTime(c.createdAt, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </ProfileFrame>
  );
}
