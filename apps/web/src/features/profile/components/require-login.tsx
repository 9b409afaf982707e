import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../shared/navigation/paths';
import { useSession } from '../../../shared/session/session-store';

/** Where a logged-out visitor goes: the login page, which returns them here afterwards. */
export function loginRedirect(location: { pathname: string; search: string; hash?: string }) {
  const back = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return `${paths.login}?${new URLSearchParams({ redirect: back }).toString()}`;
}

/**
 * Account pages need a session (spec §6). Without one, the login page opens with the way back;
 * when the session ends while a page is open (logout, a 401, another tab), the same happens.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to={loginRedirect(location)} replace />;
  return children;
}
