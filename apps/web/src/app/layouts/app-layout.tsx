import { Direction } from 'radix-ui';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DeviceLayoutContext, type DeviceLayout } from '../../shared/layout/device-context';
import { RouteAvailabilityContext } from '../../shared/navigation/route-availability';
import { ErrorBoundary } from '../../shared/ui/error-boundary';
import { Toaster } from '../../shared/ui/toaster';
import { isNavigationHidden, isRegistered } from '../routes';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';
import { PageFallback } from './page-fallback';

/**
 * The router's root element: providers, the device's layout, and the page outlet. `hideNavigation`
 * hides the navigation whatever the page (the intro board standing in place of a page).
 */
export function AppLayout({
  device,
  hideNavigation: hidden = false,
}: {
  device: DeviceLayout;
  hideNavigation?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const hideNavigation = hidden || isNavigationHidden(location.pathname);
  const Layout = device === 'mobile' ? MobileLayout : DesktopLayout;

  // After a client-side navigation, focus moves to the new page so screen readers start there.
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <Direction.Provider dir={i18n.dir()}>
      <DeviceLayoutContext.Provider value={device}>
        <RouteAvailabilityContext.Provider value={isRegistered}>
          <a
            href="#main"
            className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-on-primary focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
          >
            {t('a11y.skipToContent')}
          </a>
          <Layout hideNavigation={hideNavigation}>
            <main ref={main} id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
              <ErrorBoundary resetKey={location.pathname}>
                <Suspense fallback={<PageFallback />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </main>
          </Layout>
          <Toaster />
        </RouteAvailabilityContext.Provider>
      </DeviceLayoutContext.Provider>
    </Direction.Provider>
  );
}
