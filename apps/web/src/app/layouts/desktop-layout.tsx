import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../shared/navigation/paths';
import { useRouteAvailable } from '../../shared/navigation/route-availability';
import { DemoBadge } from '../../shared/session/demo-badge';
import { useSession } from '../../shared/session/session-store';
import { buttonClass } from '../../shared/ui/button';
import { ThemeToggle } from '../../shared/ui/theme-toggle';
import { UpDownToggle } from '../../shared/market/up-down-toggle';
import { Brand } from './brand';
import { LanguagePicker } from '../../shared/i18n/language-picker';
import { TopNavigation } from './nav-items';
import { SiteFooter } from './site-footer';

// Only a logged-in visitor needs the account menu, so its code loads with the first login.
const AccountMenu = lazy(() => import('./account-menu'));
const NotificationBell = lazy(() => import('../../features/profile/components/notification-bell'));
const SupportLink = lazy(() => import('../../features/profile/components/support-link'));

export function DesktopLayout({
  children,
  hideNavigation,
}: {
  children: ReactNode;
  hideNavigation: boolean;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const available = useRouteAvailable();
  if (hideNavigation) {
    return (
      <div className="flex min-h-dvh flex-col">
        <DemoBadge className="fixed end-3 top-3 z-40" />
        {children}
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex min-h-16 w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 sm:px-6 lg:px-8">
          <Brand />
          <TopNavigation className="order-last w-full overflow-x-auto md:order-none md:w-auto" />
          <div className="ms-auto flex min-w-0 flex-wrap items-center justify-end gap-1">
            <DemoBadge className="me-2" />
            <LanguagePicker />
            <ThemeToggle />
            <UpDownToggle />
            {token && available(paths.notifications) ? (
              <Suspense fallback={<span className="inline-block size-11" />}>
                <NotificationBell />
              </Suspense>
            ) : null}
            {available(paths.support) ? (
              <Suspense fallback={<span className="inline-block size-11" />}>
                <SupportLink />
              </Suspense>
            ) : null}
            {token ? (
              <Suspense fallback={<span className="inline-block size-11" />}>
                <AccountMenu />
              </Suspense>
            ) : available(paths.login) ? (
              <Link
                to={paths.login}
                className={`${buttonClass('primary', 'sm')} ms-2 whitespace-nowrap`}
              >
                {t('header.login')}
              </Link>
            ) : null}
          </div>
        </div>
      </header>
      {/* At least a screen tall: the footer starts below the fold, so a page whose data arrives
          after the first paint grows downwards without pushing the footer through the view. */}
      <div className="flex min-h-dvh flex-1 flex-col">{children}</div>
      <SiteFooter />
    </div>
  );
}
