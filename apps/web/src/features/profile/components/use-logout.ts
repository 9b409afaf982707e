import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearQueryCache } from '../../../shared/api/use-api-query';
import { paths } from '../../../shared/navigation/paths';
import { session } from '../../../shared/session/session-store';
import { logoutSession } from '../api/profile.api';
import { unreadStore } from '../unread-store';

/**
 * Goes to the login page, forgets the session here (which cancels the calls still in flight with
 * its token and closes the socket's session) and then ends it on the server, best effort. In this
 * order no request of this tab meets the ended session.
 */
export function useLogout(): { logout: () => void; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = () => {
    if (pending) return;
    setPending(true);
    const { token } = session.get();
    void navigate(paths.login, { replace: true });
    session.clear();
    clearQueryCache();
    unreadStore.set(null);
    if (token) void logoutSession(token).catch(() => undefined);
  };
  return { logout, pending };
}
