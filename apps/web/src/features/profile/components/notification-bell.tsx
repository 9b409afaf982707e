import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../../shared/api/api-error';
import { formatInteger } from '../../../shared/format/format-number';
import { paths } from '../../../shared/navigation/paths';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { useSession } from '../../../shared/session/session-store';
import { Icon } from '../../../shared/ui/icons';
import { fetchUnread } from '../api/profile.api';
import { parseNotificationEvent, unreadStore, useUnreadCount } from '../unread-store';

/** Badges stop counting here; the label still says the exact number. */
const BADGE_MAX = 99;

/**
 * Header bell of a logged-in user: links to the notifications and shows how many are unread,
 * updated live by `notification` socket events.
 */
export function NotificationBell({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('profile');
  const { token } = useSession();
  const unread = useUnreadCount();

  const refresh = useCallback((signal?: AbortSignal) => {
    fetchUnread(signal).then(
      (reply) => unreadStore.set(reply.unread),
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
  });

  const count = unread ?? 0;
  const label = count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
  return (
    <Link
      to={paths.notifications}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      data-unread={count}
      className={`relative inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg ${className}`}
    >
      <Icon name="bell" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="tabular absolute end-1 top-1 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-semibold text-white dark:text-canvas"
        >
          <bdi dir="ltr">
            {count > BADGE_MAX
              ? `${formatInteger(BADGE_MAX, i18n.language)}+`
              : formatInteger(count, i18n.language)}
          </bdi>
        </span>
      ) : null}
    </Link>
  );
}

export default NotificationBell;
