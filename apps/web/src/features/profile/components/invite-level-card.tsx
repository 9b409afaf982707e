import type { InviteLevel } from '@swx/contract';
import { useTranslation } from 'react-i18next';
import { formatInteger, formatShare } from '../../../shared/format/format-number';
import { Button } from '../../../shared/ui/button';
import { Num } from '../../../shared/ui/num';
import { Skeleton } from '../../../shared/ui/skeleton';

interface Standing {
  qualifiedFriends: number;
  level: number;
  rate: string;
  next: InviteLevel | null;
}

/**
 * The commission level: where the customer stands (friends who funded and traded, level, share)
 * and how far the next level is, beside every level's terms; how and when commissions are paid.
 */
export function InviteLevelCard({
  levels,
  me,
  onRetry,
}: {
  levels: InviteLevel[] | undefined;
  me: Standing | null | undefined;
  /** Set when the levels could not be loaded. */
  onRetry?: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const locale = i18n.language;
  const next = me?.next ?? null;
  const start = levels?.find((l) => l.level === me?.level)?.friends ?? 0;
  const progress =
    me && next
      ? Math.min(100, Math.round(((me.qualifiedFriends - start) / (next.friends - start)) * 100))
      : 100;
  return (
    <section
      aria-labelledby="invite-level"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid="invite-level"
    >
      <h2 id="invite-level" className="text-base font-semibold">
        {t('invite.level.title')}
      </h2>
      {onRetry && (!levels || !me) ? (
        <div className="flex flex-col items-start gap-2" role="alert">
          <p className="text-sm text-danger">{t('common:state.loadFailed')}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : !levels || !me ? (
        <Skeleton className="h-24 w-full rounded-lg" />
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-2xl font-semibold" data-testid="invite-level-current">
              {t('invite.level.current', { level: formatInteger(me.level, locale) })}
            </p>
            <p className="text-lg font-semibold text-link">
              <Num>{formatShare(me.rate, locale)}</Num>
            </p>
          </div>
          <p className="text-sm">
            {t('invite.level.rate', { rate: formatShare(me.rate, locale) })}
          </p>
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted" data-testid="invite-level-qualified">
              {t('invite.level.qualified', { count: me.qualifiedFriends })}
            </p>
            <div
              role="progressbar"
              aria-label={t('invite.level.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 overflow-hidden rounded-full bg-subtle"
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-sm" data-testid="invite-level-next">
              {next
                ? t('invite.level.next', {
                    count: next.friends - me.qualifiedFriends,
                    level: formatInteger(next.level, locale),
                    rate: formatShare(next.rate, locale),
                  })
                : t('invite.level.top')}
            </p>
          </div>
          <table className="w-full text-sm" data-testid="invite-levels">
            <caption className="sr-only">{t('invite.levels.title')}</caption>
            <thead>
              <tr className="text-start text-xs text-muted">
                <th scope="col" className="py-1 text-start font-medium">
                  {t('invite.levels.level')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('invite.levels.friends')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('invite.levels.rate')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {levels.map((level) => {
                const mine = level.level === me.level;
                return (
                  <tr
                    key={level.level}
                    aria-current={mine ? 'true' : undefined}
                    className={mine ? 'font-semibold text-link' : undefined}
                  >
                    <td className="whitespace-nowrap py-1.5 pe-3">
                      {t('invite.level.current', { level: formatInteger(level.level, locale) })}
                      {mine ? <span className="sr-only"> {t('invite.levels.yours')}</span> : null}
                    </td>
                    <td className="py-1.5">
                      <Num>{t('invite.levels.friendsFrom', { count: level.friends })}</Num>
                    </td>
                    <td className="py-1.5 text-end">
                      <Num>{formatShare(level.rate, locale)}</Num>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      <p className="text-xs text-muted">{t('invite.level.explained')}</p>
    </section>
  );
}
