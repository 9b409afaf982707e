import { useEffect, useRef, useState } from 'react';
import {
  Navigate,
  NavigationType,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { IntroInPlaceContext } from '../features/intro/intro-context';
import { setUnauthorizedHandler } from '../shared/api/api';
import type { DeviceLayout } from '../shared/layout/device-context';
import { paths } from '../shared/navigation/paths';
import { AppLayout } from './layouts/app-layout';
import { findRoute, routes } from './routes';

/**
 * Lets code outside React (the API client on a 401) navigate, and starts each newly opened page at
 * the top (back and forward keep the browser's position).
 */
function NavigationEffects() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      void navigate(paths.login, { replace: true });
    });
  }, [navigate]);

  useEffect(() => {
    if (previous.current !== pathname && navigationType !== NavigationType.Pop)
      window.scrollTo(0, 0);
    previous.current = pathname;
  }, [pathname, navigationType]);

  return null;
}

/**
 * History-mode routes built from the registry, all inside the app layout; any other path goes
 * home (spec §2). Declarative routing keeps React Router's data-router code (about 17 KB gzip)
 * out of the first load; data is loaded by the pages through shared/api.
 *
 * `introFirst`: the first visit of a browser session shows the intro board in place of the page
 * asked for, at its address (no redirect: the visit keeps its one navigation, and leaving the
 * board reveals the page, or goes where Continue leads).
 */
export function AppRoutes({ device, introFirst }: { device: DeviceLayout; introFirst: boolean }) {
  const [intro, setIntro] = useState(introFirst);
  const navigate = useNavigate();
  const IntroBoard = findRoute(paths.introduction)?.page;

  if (intro && IntroBoard) {
    const leave = (to: string | null) => {
      setIntro(false);
      if (to) void navigate(to, { replace: true });
    };
    return (
      <IntroInPlaceContext.Provider value={leave}>
        <NavigationEffects />
        <Routes>
          <Route element={<AppLayout device={device} hideNavigation />}>
            <Route path="*" element={<IntroBoard />} />
          </Route>
        </Routes>
      </IntroInPlaceContext.Provider>
    );
  }
  return (
    <>
      <NavigationEffects />
      <Routes>
        <Route element={<AppLayout device={device} />}>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} Component={route.page} />
          ))}
          <Route path="*" element={<Navigate to={paths.home} replace />} />
        </Route>
      </Routes>
    </>
  );
}
