import type { UserInfo } from '@swx/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date';
import { formatInteger } from '../../../shared/format/format-number';
import { paths } from '../../../shared/navigation/paths';
import { useRouteAvailable } from '../../../shared/navigation/route-availability';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Button } from '../../../shared/ui/button';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { EmptyState } from '../../../shared/ui/list';
import { Num } from '../../../shared/ui/num';
import { Skeleton } from '../../../shared/ui/skeleton';
import { fetchUserInfo } from '../api/profile.api';
import { AccountModeCard } from '../components/account-mode-card';
import { phoneOf, shortAddress } from '../components/contact';
import { KycStatusCard } from '../components/kyc-status-card';
import { ProfileFrame } from '../components/profile-heading';
import { ProfileIcon, type ProfileIconName } from '../components/profile-icons';
import { RequireLogin } from '../components/require-login';
import { useLogout } from '../components/use-logout';
import { useUnreadCount } from '../unread-store';

/** /profile: who is signed in, real or demo, identity verification, and the account's pages. */
export default function ProfilePage() {
  return (
    <RequireLogin>
      <AccountHome />
    </RequireLogin>
  );
}

function AccountHome() {
  const { t } = useTranslation('profile');
  const user = useApiQuery('profile/user', (signal) => fetchUserInfo(signal));
  const { logout, pending } = useLogout();

  return (
    <ProfileFrame wide>
      <title>{t('home.documentTitle')}</title>
      <h1 className="sr-only">{t('home.title')}</h1>
      {user.data ? (
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:gap-6">
          <div className="flex flex-col gap-4">
            <UserCard user={user.data} />
            <AccountModeCard demoEnabled={user.data.demoEnabled} />
            <KycStatusCard status={user.data.kycStatus} reason={user.data.kycReason} />
          </div>
          <div className="flex flex-col gap-4">
            <AccountLinks />
            <Button
              variant="secondary"
              size="lg"
              className="w-full"
              loading={pending}
              icon={<Icon name="logout" className="size-5" />}
              onClick={logout}
              data-testid="logout"
            >
              {t('home.logout')}
            </Button>
          </div>
        </div>
      ) : user.status === 'error' ? (
        <EmptyState
          icon="alert"
          title={t('common:state.loadFailed')}
          action={
            <Button variant="secondary" onClick={user.retry}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <HomeSkeleton label={t('common:state.loading')} />
      )}
    </ProfileFrame>
  );
}

function HomeSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className="grid gap-4 md:grid-cols-2 md:gap-6"
    >
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-5">
          <Skeleton className="size-14 rounded-full" />
          <span className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </span>
        </div>
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-28 w-full rounded-2xl" />
      </div>
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}

function UserCard({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation('profile');
  const phone = phoneOf(user);
  const initial = user.username.slice(0, 1).toUpperCase();
  return (
    <section
      aria-labelledby="user-title"
      className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid="user-card"
    >
      <span
        aria-hidden="true"
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xl font-bold text-link"
      >
        {initial}
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        <h2 id="user-title" className="truncate text-lg font-semibold">
          <bdi data-testid="username">{user.username}</bdi>
        </h2>
        {user.email ? (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <ProfileIcon name="mail" className="size-4" />
            <span className="sr-only">{t('home.email')}</span>
            <Num className="truncate">{user.email}</Num>
          </p>
        ) : null}
        {phone ? (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <ProfileIcon name="phone" className="size-4" />
            <span className="sr-only">{t('home.phone')}</span>
            <Num>{phone}</Num>
          </p>
        ) : null}
        {!user.email && !phone && user.walletAddress ? (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <Icon name="wallet" className="size-4" />
            <span className="sr-only">{t('home.wallet')}</span>
            <Num>{shortAddress(user.walletAddress)}</Num>
          </p>
        ) : null}
        <p className="text-xs text-muted">
          {t('home.memberSince', { date: formatDate(user.createdAt, i18n.language) })}
        </p>
      </div>
    </section>
  );
}

function AccountLinks() {
  const { t, i18n } = useTranslation('profile');
  const available = useRouteAvailable();
  const unread = useUnreadCount();
  const links: {
    path: string;
    label: string;
    icon: { kit: IconName } | { own: ProfileIconName };
    extra?: ReactNode;
    id: string;
  }[] = [
    { id: 'info', path: paths.profileInfo, label: t('home.links.info'), icon: { own: 'settings' } },
    { id: 'kyc', path: paths.kyc, label: t('home.links.kyc'), icon: { kit: 'shield' } },
    {
      id: 'notifications',
      path: paths.notifications,
      label: t('home.links.notifications'),
      icon: { kit: 'bell' },
      extra:
        unread && unread > 0 ? (
          <span className="tabular rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-white dark:text-canvas">
            <span className="sr-only">{t('home.unread', { count: unread })}</span>
            <span aria-hidden="true">
              <bdi dir="ltr">{formatInteger(unread, i18n.language)}</bdi>
            </span>
          </span>
        ) : null,
    },
    { id: 'alerts', path: paths.alerts, label: t('home.links.alerts'), icon: { kit: 'pulse' } },
    {
      id: 'balance',
      path: paths.balance,
      label: t('home.links.balance'),
      icon: { kit: 'wallet' },
    },
    {
      id: 'coins',
      path: paths.coinAccount,
      label: t('home.links.coins'),
      icon: { kit: 'wallet' },
    },
    { id: 'orders', path: paths.orders, label: t('home.links.orders'), icon: { kit: 'market' } },
    {
      id: 'records',
      path: paths.records,
      label: t('home.links.records'),
      icon: { kit: 'ledger' },
    },
    { id: 'proof', path: paths.proof, label: t('home.links.proof'), icon: { kit: 'shield' } },
    {
      id: 'exchange',
      path: paths.exchange,
      label: t('home.links.exchange'),
      icon: { kit: 'arrowEnd' },
    },
    { id: 'invite', path: paths.invite, label: t('home.links.invite'), icon: { own: 'gift' } },
    {
      id: 'support',
      path: paths.support,
      label: t('home.links.support'),
      icon: { kit: 'support' },
    },
    { id: 'help', path: paths.help, label: t('home.links.help'), icon: { kit: 'help' } },
  ];
  return (
    <nav aria-label={t('home.linksLabel')}>
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
        {links
          .filter((link) => available(link.path))
          .map((link) => (
            <li key={link.id}>
              <Link
                to={link.path}
                data-link={link.id}
                className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-subtle"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-subtle text-muted">
                  {'kit' in link.icon ? (
                    <Icon name={link.icon.kit} />
                  ) : (
                    <ProfileIcon name={link.icon.own} />
                  )}
                </span>
                <span className="flex-1 font-medium">{link.label}</span>
                {link.extra}
                <Icon name="chevronEnd" className="size-4 text-muted" />
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
