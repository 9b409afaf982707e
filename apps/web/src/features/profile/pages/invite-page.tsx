import type { InvitedFriend } from '@swx/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button } from '../../../shared/ui/button';
import { formatDate } from '../../../shared/format/format-date';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { Skeleton } from '../../../shared/ui/skeleton';
import { fetchInviteInfo, fetchInviteLevels } from '../api/profile.api';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { ProfileIcon } from '../components/profile-icons';
import { CopyRow } from '../components/copy-row';
import { qrImageSrc } from '../components/qr-image';
import { InviteCommissions } from '../components/invite-commissions';
import { InviteLevelCard } from '../components/invite-level-card';
import { RequireLogin } from '../components/require-login';

type Friend = z.infer<typeof InvitedFriend>;

/**
 * /profile/invite: the user's code, link and QR; the commission level and the way to the next;
 * how far each invited friend has come; the commissions paid.
 */
export default function InvitePage() {
  return (
    <RequireLogin>
      <Invite />
    </RequireLogin>
  );
}

function Invite() {
  const { t } = useTranslation('profile');
  const info = useApiQuery('profile/invite', (signal) => fetchInviteInfo(signal));
  const levels = useApiQuery('profile/invite/levels', (signal) => fetchInviteLevels(signal));
  const data = info.data;
  const friends = data?.friends ?? [];
  const completed = friends.filter((f) => f.funded && f.traded).length;

  return (
    <ProfileFrame wide>
      <title>{t('invite.documentTitle')}</title>
      <ProfileHeading title={t('invite.title')} lead={t('invite.lead')} />
      {info.status === 'error' && !data ? (
        <EmptyState
          icon="alert"
          title={t('common:state.loadFailed')}
          action={
            <Button variant="secondary" onClick={info.retry}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <div className="flex flex-col gap-6">
            <section
              aria-labelledby="invite-share"
              className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
            >
              <h2 id="invite-share" className="text-base font-semibold">
                {t('invite.share')}
              </h2>
              <div className="flex justify-center">
                {data ? (
                  <img
                    src={qrImageSrc(data.qrSvg)}
                    alt={t('invite.qrAlt')}
                    width={192}
                    height={192}
                    className="size-48 rounded-lg border border-line bg-white p-2"
                    data-testid="invite-qr"
                  />
                ) : (
                  <Skeleton className="size-48 rounded-lg" />
                )}
              </div>
              <CopyRow label={t('invite.code')} value={data?.code} testId="invite-code" large />
              <CopyRow label={t('invite.link')} value={data?.link} testId="invite-link" />
              {data && typeof navigator.share === 'function' ? (
                <Button
                  variant="secondary"
                  icon={<ProfileIcon name="share" className="size-4" />}
                  onClick={() => {
                    navigator
                      .share({
                        title: t('invite.shareTitle'),
                        text: t('invite.shareText'),
                        url: data.link,
                      })
                      .catch(() => undefined);
                  }}
                >
                  {t('invite.shareButton')}
                </Button>
              ) : null}
            </section>
            <InviteLevelCard
              levels={levels.data?.levels}
              me={levels.data?.me}
              onRetry={levels.status === 'error' ? levels.retry : undefined}
            />
          </div>

          <div className="flex flex-col gap-6">
            <section aria-labelledby="invite-friends" className="flex flex-col gap-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="invite-friends" className="text-base font-semibold">
                  {t('invite.friends')}
                </h2>
                {data && friends.length > 0 ? (
                  <p className="text-sm text-muted">
                    {t('invite.summary', { count: friends.length, completed })}
                  </p>
                ) : null}
              </div>
              <p className="text-sm text-muted">{t('invite.stepsExplained')}</p>
              {!data ? (
                <ListSkeleton rows={3} label={t('common:state.loading')} />
              ) : friends.length === 0 ? (
                <EmptyState icon="profile" title={t('invite.empty')}>
                  {t('invite.emptyHint')}
                </EmptyState>
              ) : (
                <ul
                  className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
                  aria-label={t('invite.friends')}
                  data-testid="invite-friends"
                >
                  {friends.map((friend, index) => (
                    <FriendRow
                      key={`${friend.username}-${friend.registeredAt}-${index}`}
                      friend={friend}
                    />
                  ))}
                </ul>
              )}
            </section>
            <InviteCommissions />
          </div>
        </div>
      )}
    </ProfileFrame>
  );
}

const STEPS = ['registered', 'funded', 'traded'] as const;

function FriendRow({ friend }: { friend: Friend }) {
  const { t, i18n } = useTranslation('profile');
  const done = { registered: true, funded: friend.funded, traded: friend.traded };
  const reached = STEPS.filter((step) => done[step]).length;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-medium">
          <bdi>{friend.username}</bdi>
        </span>
        <span className="text-xs text-muted">
          {t('invite.joined', { date: formatDate(friend.registeredAt, i18n.language) })}
        </span>
      </div>
      <ol
        className="flex items-center gap-1"
        aria-label={t('invite.progressLabel', { reached, total: STEPS.length })}
      >
        {STEPS.map((step, index) => (
          <li
            key={step}
            className="flex items-center gap-1"
            data-step={step}
            data-done={done[step]}
          >
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={`h-0.5 w-4 rounded ${done[step] ? 'bg-success' : 'bg-line-strong'}`}
              />
            ) : null}
            <span
              className={`inline-flex min-h-7 items-center gap-1 rounded-full px-2 text-xs font-medium ${
                done[step] ? 'bg-success-soft text-success' : 'bg-subtle text-muted'
              }`}
            >
              {done[step] ? (
                <Icon name="check" className="size-3.5" />
              ) : (
                <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
              )}
              {t(`invite.step.${step}`)}
              <span className="sr-only">
                {done[step] ? t('invite.stepDone') : t('invite.stepPending')}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}
