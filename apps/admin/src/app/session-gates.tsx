import { staffMe } from '@swx/contract';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { t } from '../i18n/translate';
import { apiCall } from '../shared/api/api-client';
import { sessionStore } from '../shared/session/session-store';
import { canUse, type Section } from '../shared/session/sections';
import { useSession } from '../shared/session/use-session';
import { Button } from '../shared/ui/button';
import { InlineAlert } from '../shared/ui/inline-alert';
import { PageHeader } from '../shared/ui/page-header';
import { FullPageSpinner } from './route-states';

/** Pages below need a staff token; with one but no profile yet, asks the server who we are. */
export function RequireSession() {
  const { token, me } = useSession();
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || me) return;
    const controller = new AbortController();
    setFailed(false);
    apiCall(staffMe, { signal: controller.signal }).then(
      (profile) => sessionStore.setMe(profile),
      () => {
        // 401 already cleared the session (and this gate then redirects); anything else can be retried.
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [token, me, attempt]);

  if (!token)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!me) {
    if (!failed) return <FullPageSpinner />;
    return (
      <div className="mx-auto flex max-w-md flex-col gap-3 p-6">
        <InlineAlert>{t('session.loadFailed')}</InlineAlert>
        <div className="flex gap-2">
          <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
          <Button onClick={() => sessionStore.clear()}>{t('auth.signOut')}</Button>
        </div>
      </div>
    );
  }
  return <Outlet />;
}

/** A section the current roles cannot use says so instead of showing a page the server refuses. */
export function RoleGate({ section }: { section: Section }) {
  const { me } = useSession();
  if (me && canUse(section, me.roles)) return <Outlet />;
  return <PageHeader title={t('forbidden.title')} description={t('forbidden.body')} />;
}
