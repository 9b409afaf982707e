import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../../shared/api/api-error';
import { paths } from '../../../shared/navigation/paths';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { useSession } from '../../../shared/session/session-store';
import { HeaderIconLink } from './header-icon-link';
import { supportApi } from '../api/support.api';
import { parseSupportEvent, supportUnreadStore, useSupportUnread } from '../support-store';

/**
 * The header's support icon. Signed in, it shows how many support answers are unread, kept live by
 * `support` socket events (an answer arrives, the customer reads on another device).
 */
export function SupportLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation('profile');
  const { token } = useSession();
  const unread = useSupportUnread();

  const refresh = useCallback((signal?: AbortSignal) => {
    const seen = supportUnreadStore.version();
    supportApi.unread(signal).then(
      (reply) => {
        if (supportUnreadStore.version() === seen) supportUnreadStore.set(reply.unread);
      },
      (error: unknown) => {
        if (!isAbort(error)) console.warn('support unread count failed', error);
      },
    );
  }, []);

  useEffect(() => {
    if (!token) {
      supportUnreadStore.set(null);
      return;
    }
    const controller = new AbortController();
    refresh(controller.signal);
    return () => controller.abort();
  }, [token, refresh]);

  useUserEvents((event) => {
    const parsed = parseSupportEvent(event);
    if (!parsed) return;
    if (parsed.kind === 'message' || (parsed.kind === 'read' && parsed.by === 'customer')) {
      refresh();
    }
  }, refresh);

  const count = token ? (unread ?? 0) : 0;
  const label = count > 0 ? t('support.linkUnread', { count }) : t('common:header.support');
  return (
    <HeaderIconLink
      to={paths.support}
      icon="support"
      label={label}
      count={count}
      testId={{ link: 'support-link', badge: 'support-badge' }}
      className={className}
    />
  );
}

export default SupportLink;
