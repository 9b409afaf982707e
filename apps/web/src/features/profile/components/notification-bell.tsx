import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../../shared/api/api-error';
import { paths } from '../../../shared/navigation/paths';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { useSession } from '../../../shared/session/session-store';
import { HeaderIconLink } from './header-icon-link';
import { fetchUnread } from '../api/notifications.api';
import { parseNotificationEvent, unreadStore, useUnreadCount } from '../unread-store';

/**
 * Header bell of a logged-in user: links to the notifications and shows how many are unread,
 * updated live by `notification` socket events.
 */
export function NotificationBell({ className = '' }: { className?: string }) {
  const { t } = useTranslation('profile');
  const { token } = useSession();
  const unread = useUnreadCount();

  const refresh = useCallback((signal?: AbortSignal) => {
    const seen = unreadStore.version();
    fetchUnread(signal).then(
      // A count asked for before the page marked items read (or one arrived) is out of date.
      (reply) => {
        if (unreadStore.version() === seen) unreadStore.set(reply.unread);
      },
      (error: unknown) => {
        // The badge is a hint: a failure leaves the last count, and the page shows errors.
        if (!isAbort(error)) console.warn('unread count failed', error);
      },
    );
  }, []);

  useEffect(() => {
    if (!token) {
      unreadStore.set(null);
      return;
    }
    const controller = new AbortController();
    refresh(controller.signal);
    return () => controller.abort();
  }, [token, refresh]);

  useUserEvents((event) => {
    const parsed = parseNotificationEvent(event);
    if (!parsed) return;
    if (parsed.unread !== null) {
      unreadStore.set(parsed.unread);
    } else {
      unreadStore.increment();
      refresh();
    }
  }, refresh);

  const count = unread ?? 0;
  const label = count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
  return (
    <HeaderIconLink
      to={paths.notifications}
      icon="bell"
      label={label}
      count={count}
      testId={{ link: 'notification-bell', badge: 'notification-badge' }}
      className={className}
    />
  );
}

export default NotificationBell;
