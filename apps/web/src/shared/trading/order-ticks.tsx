import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecidingTick } from '@swx/contract';
import { useApiQuery } from '../api/use-api-query';
import { countdownText } from '../format/countdown';
import { formatDateTime } from '../format/format-date';
import { Dialog } from '../ui/dialog';
import { Num } from '../ui/num';
import { Spinner } from '../ui/spinner';
import { tradingApi } from './trading.api';

/** What is left until `until` (m:ss, or h:mm:ss from an hour on), ticking every second. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <Num>{countdownText(Date.parse(until) - now)}</Num>;
}

/**
 * What the server recorded for a deciding tick beside the same second recomputed from the
 * simulator's published seed: anyone can see that the price was the feed's and nobody else's.
 */
function VerifyDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('trade');
  const check = useApiQuery(`verify/${id}`, (signal) => tradingApi.verifyTick(id, signal));
  const d = check.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('verify.title')}>
      {d ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="verify-tick">
          <dt className="text-muted">{t('verify.instrument')}</dt>
          <dd>{d.code}</dd>
          <dt className="text-muted">{t('verify.recorded')}</dt>
          <dd>
            <Num>{d.recorded.price}</Num> · {formatDateTime(d.recorded.ts, i18n.language)} ·{' '}
            {t(`source.${d.recorded.source}`)}
          </dd>
          {d.recomputed === null ? (
            <>
              <dt className="text-muted">{t('verify.recomputed')}</dt>
              <dd>{t('verify.liveFeed')}</dd>
            </>
          ) : (
            <>
              <dt className="text-muted">{t('verify.recomputed')}</dt>
              <dd>
                <Num>{d.recomputed}</Num>
              </dd>
              <dt className="text-muted">{t('verify.seed')}</dt>
              <dd className="break-all font-mono text-xs">{d.seed}</dd>
            </>
          )}
          <dt className="text-muted">{t('verify.result')}</dt>
          <dd
            className={
              d.matches === false ? 'font-semibold text-danger' : 'font-semibold text-success'
            }
            data-testid="verify-result"
          >
            {d.matches === null
              ? t('verify.recordedOnly')
              : d.matches
                ? t('verify.matches')
                : t('verify.differs')}
          </dd>
        </dl>
      ) : check.status === 'error' ? (
        <p className="text-danger">{t('verify.failed')}</p>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

/** One deciding tick of an order (price, time, feed) with a way to check it. */
export function TickLine({ label, tick }: { label: string; tick: DecidingTick | null }) {
  const { t, i18n } = useTranslation('trade');
  const [open, setOpen] = useState(false);
  if (!tick) return null;
  return (
    <span className="text-xs text-muted" data-tick-price={tick.price}>
      {label}: <Num>{tick.price}</Num> · {formatDateTime(tick.ts, i18n.language)} ·{' '}
      {t(`source.${tick.source}`)} ·{' '}
      <button
        type="button"
        className="min-h-6 text-link underline"
        onClick={() => setOpen(true)}
        data-testid="verify-open"
      >
        {t('orders.verify')}
      </button>
      {open ? <VerifyDialog id={tick.id} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}
