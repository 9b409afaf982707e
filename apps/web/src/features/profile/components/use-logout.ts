import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearQueryCache } from '../../../shared/api/use-api-query';
import { paths } from '../../../shared/navigation/paths';
import { session } from '../../../shared/session/session-store';
import { logoutSession } from '../api/profile.api';
import { unreadStore } from '../unread-store';

/**
 * Ends the session on the server (best effort: the token is forgotten here either way) and goes
 * to the login page.
 */
export function useLogout(): { logout: () => void; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = () => {
    if (pending) return;
    setPending(true);
    void logoutSession()
      .catch(() => undefined)
      .finally(() => {
        void navigate(paths.login, { replace: true });
        session.clear();
        clearQueryCache();
        unreadStore.set(null);
      });
  };
  return { logout, pending };
}
