import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../shared/navigation/paths';
import { useRouteAvailable } from '../../shared/navigation/route-availability';
import { DemoBadge } from '../../shared/session/demo-badge';
import { useSession } from '../../shared/session/session-store';
import { buttonClass } from '../../shared/ui/button';
import { Icon } from '../../shared/ui/icons';
import { ThemeToggle } from '../../shared/ui/theme-toggle';
import { UpDownToggle } from '../../shared/market/up-down-toggle';
import { Brand } from './brand';
import { LanguagePicker } from '../../shared/i18n/language-picker';
import { TabBar } from './nav-items';
import { SiteFooter } from './site-footer';

// The bell (unread count, live updates) loads after the first render, for logged-in users only.
const NotificationBell = lazy(() => import('../../features/profile/components/notification-bell'));
const SupportLink = lazy(() => import('../../features/profile/components/support-link'));

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg';
/** On narrow phones the header's icons are a little narrower (still 44 px tall), so the row fits. */
const narrow = 'max-[399px]:w-9';

/**
 * Mobile layout: a top bar (language, notifications when logged in, support, login when logged
 * out, each once its page exists), a compact footer, and the bottom tab bar.
 */
export function MobileLayout({
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
    <div className="flex min-h-dvh flex-col pb-[calc(3.5rem+env(safe-area-inset-bottom))]">
      <header className="sticky top-0 z-30 border-b border-line bg-surface/95 pt-[env(safe-area-inset-top)] backdrop-blur">
        <div className="flex min-h-14 items-center gap-1 ps-3 pe-1">
          <Brand />
          <DemoBadge className="ms-1" />
          <div className="ms-auto flex items-center">
            <LanguagePicker compact />
            <ThemeToggle className={narrow} />
            <UpDownToggle className={narrow} />
            {token && available(paths.notifications) ? (
              <Suspense
                fallback={
                  <Link
                    to={paths.notifications}
                    className={`${iconButton} ${narrow}`}
                    aria-label={t('header.notifications')}
                  >
                    <Icon name="bell" />
                  </Link>
                }
              >
                <NotificationBell className={narrow} />
              </Suspense>
            ) : null}
            {available(paths.support) ? (
              <Suspense
                fallback={
                  <Link
                    to={paths.support}
                    className={`${iconButton} ${narrow}`}
                    aria-label={t('header.support')}
                  >
                    <Icon name="support" />
                  </Link>
                }
              >
                <SupportLink className={narrow} />
              </Suspense>
            ) : null}
            {!token && available(paths.login) ? (
              <Link
                to={paths.login}
                className={`${buttonClass('primary', 'sm')} ms-1 whitespace-nowrap max-[359px]:px-2`}
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
      <SiteFooter compact />
      <TabBar />
    </div>
  );
}
