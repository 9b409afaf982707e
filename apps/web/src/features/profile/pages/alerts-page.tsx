import type { AlertType, MarketItem, PriceAlert } from '@swx/contract';
import { dec, isDecimalString } from '@swx/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatNumber } from '../../../shared/format/format-number';
import { useLiveQuote } from '../../../shared/market/use-live-quote';
import { Button } from '../../../shared/ui/button';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { createAlert, fetchAlerts, fetchInstruments, removeAlert } from '../api/profile.api';
import { ChoiceField, SelectField } from '../components/form-fields';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';
import { errorCode, useErrorText } from '../components/use-error-text';

/**
 * /profile/alerts: price alerts on any instrument (above a level, below one, or a move of a
 * percentage either way), checked against the feed by the trigger engine and delivered once as a
 * notification; the list shows the tick that fired each one.
 */
export default function AlertsPage() {
  return (
    <RequireLogin>
      <Alerts />
    </RequireLogin>
  );
}

function Alerts() {
  const { t } = useTranslation('profile');
  const [version, setVersion] = useState(0);
  const instruments = useApiQuery('alerts/instruments', (signal) => fetchInstruments(signal));
  const alerts = useApiQuery(`alerts/list/${version}`, (signal) => fetchAlerts(signal), {
    keepPreviousData: true,
  });
  return (
    <ProfileFrame wide>
      <title>{t('alerts.documentTitle')}</title>
      <ProfileHeading title={t('alerts.title')} lead={t('alerts.lead')} />
      <div className="grid gap-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
          {instruments.data ? (
            <AlertForm instruments={instruments.data} onSaved={() => setVersion((v) => v + 1)} />
          ) : (
            <ListSkeleton rows={3} label={t('records.loading')} />
          )}
        </section>
        <section aria-labelledby="alerts-list" className="flex flex-col gap-3">
          <h2 id="alerts-list" className="text-base font-semibold">
            {t('alerts.list')}
          </h2>
          {!alerts.data ? (
            <ListSkeleton rows={3} label={t('records.loading')} />
          ) : alerts.data.length === 0 ? (
            <EmptyState icon="bell" title={t('alerts.empty')} />
          ) : (
            <ul
              className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
              data-testid="alerts"
            >
              {alerts.data.map((alert) => (
                <AlertRow key={alert.id} alert={alert} onChange={() => setVersion((v) => v + 1)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </ProfileFrame>
  );
}

function AlertForm({ instruments, onSaved }: { instruments: MarketItem[]; onSaved: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const [code, setCode] = useState(() => {
    const wanted = new URLSearchParams(window.location.search).get('code');
    return instruments.find((i) => i.code === wanted)?.code ?? instruments[0]?.code ?? '';
  });
  const [type, setType] = useState<AlertType>('above');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const instrument = instruments.find((i) => i.code === code);
  const quote = useLiveQuote(code, {
    price: instrument?.nowPrice ?? '0',
    zdf: instrument?.zdf ?? '0',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const v = value.trim();
    if (!isDecimalString(v) || !dec(v).isPositive()) {
      setError(t(type === 'move' ? 'errors:10163' : 'alerts.levelRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    createAlert({ code, type, ...(type === 'move' ? { percent: v } : { price: v }) }).then(
      () => {
        setBusy(false);
        setValue('');
        toast.success(t('alerts.saved'));
        onSaved();
      },
      (failure: unknown) => {
        setBusy(false);
        const c = errorCode(failure);
        if (c === 10161 || c === 10163) setError(errorText(failure));
        else toast.error(errorText(failure));
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="alert-form">
      <h2 className="text-base font-semibold">{t('alerts.new')}</h2>
      <SelectField
        label={t('alerts.instrument')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        options={instruments.map((i) => ({ value: i.code, label: `${i.appName} (${i.code})` }))}
        data-testid="alert-code"
      />
      <p className="text-sm text-muted" data-testid="alert-price">
        {t('alerts.now')}{' '}
        <Num className="font-semibold text-fg">
          {formatNumber(quote.price, i18n.language, {
            minFractionDigits: instrument?.precision ?? 2,
            maxFractionDigits: instrument?.precision ?? 8,
          })}
        </Num>
      </p>
      <ChoiceField<AlertType>
        label={t('alerts.when')}
        name="alert-type"
        value={type}
        onChange={(next) => {
          setType(next);
          setError(undefined);
        }}
        options={[
          { value: 'above', label: t('alerts.type.above') },
          { value: 'below', label: t('alerts.type.below') },
          { value: 'move', label: t('alerts.type.move') },
        ]}
      />
      <TextField
        label={type === 'move' ? t('alerts.percent') : t('alerts.level')}
        inputMode="decimal"
        dir="ltr"
        value={value}
        error={error}
        hint={type === 'move' ? t('alerts.percentHint') : undefined}
        onChange={(event) => setValue(event.target.value.replace(',', '.'))}
        data-testid="alert-value"
      />
      <Button type="submit" loading={busy} data-testid="alert-save">
        {t('alerts.save')}
      </Button>
    </form>
  );
}

function AlertRow({ alert, onChange }: { alert: PriceAlert; onChange: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const locale = i18n.language;
  const number = (v: string) => formatNumber(v, locale, { maxFractionDigits: 12 });
  const condition =
    alert.type === 'move'
      ? t('alerts.condition.move', {
          percent: number(
            dec(alert.percent ?? '0')
              .times(100)
              .toFixed(),
          ),
          up: number(alert.upLevel ?? '0'),
          down: number(alert.downLevel ?? '0'),
        })
      : alert.type === 'above'
        ? t('alerts.condition.above', { level: number(alert.upLevel ?? '0') })
        : t('alerts.condition.below', { level: number(alert.downLevel ?? '0') });
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 p-4"
      data-testid="alert"
      data-state={alert.state}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold" dir="ltr">
          {alert.code}
        </span>
        <span className="text-sm">{condition}</span>
        <span className="text-xs text-muted">
          {alert.state === 'triggered' && alert.tickPrice && alert.tickTs
            ? t('alerts.fired', {
                price: number(alert.tickPrice),
                time: formatDateTime(alert.tickTs, locale),
              })
            : t(`alerts.state.${alert.state}`)}
        </span>
      </div>
      {alert.state === 'active' ? (
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          data-testid="alert-delete"
          onClick={() => {
            setBusy(true);
            removeAlert(alert.id).then(
              () => {
                setBusy(false);
                onChange();
              },
              (failure: unknown) => {
                setBusy(false);
                toast.error(errorText(failure));
              },
            );
          }}
        >
          {t('alerts.delete')}
        </Button>
      ) : null}
    </li>
  );
}
