import type { NotificationKind } from '@swx/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { ListSkeleton } from '../../../shared/ui/list';
import { Switch } from '../../../shared/ui/switch';
import { toast } from '../../../shared/ui/toast-store';
import { fetchNotificationPrefs, saveNotificationPref } from '../api/profile.api';
import { useErrorText } from './use-error-text';

/**
 * Which notifications the customer receives: a switch per kind that may be turned off; security,
 * identity, deposits, withdrawals and loans are always sent (and said so).
 */
export function NotificationPrefs() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<NotificationKind | null>(null);
  // Reloaded after each change: the switches stay on screen meanwhile.
  const prefs = useApiQuery(
    `notification-prefs/${version}`,
    (signal) => fetchNotificationPrefs(signal),
    { keepPreviousData: true },
  );
  const choices = prefs.data?.filter((p) => !p.locked) ?? [];
  return (
    <section
      aria-labelledby="notification-prefs"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid="notification-prefs"
    >
      <h2 id="notification-prefs" className="text-base font-semibold">
        {t('prefs.title')}
      </h2>
      <p className="text-sm text-muted">{t('prefs.lead')}</p>
      {!prefs.data ? (
        <ListSkeleton rows={3} label={t('records.loading')} />
      ) : (
        <ul className="divide-y divide-line">
          {choices.map((pref) => {
            const labelId = `pref-${pref.kind}`;
            return (
              <li key={pref.kind} className="flex min-h-12 items-center justify-between gap-4 py-2">
                <span id={labelId} className="text-sm">
                  {t(`prefs.kind.${pref.kind}`)}
                </span>
                <Switch
                  checked={pref.enabled}
                  labelledBy={labelId}
                  disabled={busy !== null}
                  data-kind={pref.kind}
                  onChange={(enabled) => {
                    setBusy(pref.kind);
                    saveNotificationPref(pref.kind, enabled).then(
                      () => {
                        setBusy(null);
                        toast.success(t('prefs.saved'));
                        setVersion((v) => v + 1);
                      },
                      (error: unknown) => {
                        setBusy(null);
                        toast.error(errorText(error));
                      },
                    );
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
