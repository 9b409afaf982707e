import type { Notification } from '@swx/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearQueryCache, useApiQuery } from '../../../shared/api/use-api-query';
import { formatInteger } from '../../../shared/format/format-number';
import { useUserEvents } from '../../../shared/realtime/realtime';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { NewerOlderPager } from '../../../shared/ui/newer-older-pager';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { toast } from '../../../shared/ui/toast-store';
import { fetchNotifications, markRead, NOTIFICATIONS_PAGE_SIZE } from '../api/notifications.api';
import { NotificationItem } from '../components/notification-item';
import { NotificationPrefs } from '../components/notification-prefs';
import { ProfileFrame, ProfileHeading } from '../components/profile-heading';
import { RequireLogin } from '../components/require-login';
import { useErrorText } from '../components/use-error-text';
import { parseNotificationEvent, unreadStore, useUnreadCount } from '../unread-store';

/** /profile/notification: the user's notifications, newest first, live. */
export default function NotificationsPage() {
  return (
    <RequireLogin>
      <Notifications />
    </RequireLogin>
  );
}

function Notifications() {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const query = useApiQuery(
    `notifications?page=${page}`,
    (signal) => {
      // The count's version when the list was asked for (see the effect below).
      const seen = unreadStore.version();
      return fetchNotifications(page, signal).then((reply) => ({ ...reply, seen }));
    },
    { keepPreviousData: true },
  );
  const unread = useUnreadCount();

  // Arrivals since the page loaded (page 1 only) and what was read here, over the loaded list.
  const [arrived, setArrived] = useState<Notification[]>([]);
  const [readIds, setReadIds] = useState<ReadonlySet<number>>(() => new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const [markingAll, setMarkingAll] = useState(false);

  useEffect(() => {
    if (query.status === 'success') {
      // A list asked for before this page marked items read (or before one arrived) carries an
      // out-of-date count: on a slow connection its reply can land after "mark all as read" and
      // put the old number back on the bell.
      if (unreadStore.version() === query.data.seen) unreadStore.set(query.data.unread);
      setArrived([]);
    }
  }, [query.status, query.data]);

  useUserEvents((event) => {
    const parsed = parseNotificationEvent(event);
    if (!parsed) return;
    if (parsed.notification && page === 1) {
      const fresh = parsed.notification;
      setArrived((list) => (list.some((n) => n.id === fresh.id) ? list : [fresh, ...list]));
    } else {
      query.retry();
    }
  }, query.retry);

  const loaded = query.data?.list ?? [];
  const items = [...arrived.filter((n) => !loaded.some((l) => l.id === n.id)), ...loaded].map(
    (n) => (n.read || readIds.has(n.id) ? { ...n, read: true } : n),
  );
  const total = (query.data?.total ?? 0) + arrived.length;
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / NOTIFICATIONS_PAGE_SIZE));

  const toggle = (notification: Notification) => {
    const opening = openId !== notification.id;
    setOpenId(opening ? notification.id : null);
    if (!opening || notification.read) return;
    setReadIds((ids) => new Set(ids).add(notification.id));
    markRead([notification.id]).then(
      (reply) => {
        unreadStore.set(reply.unread);
        // A cached copy of this list would show it unread again on the way back.
        clearQueryCache();
      },
      (error: unknown) => {
        setReadIds((ids) => {
          const next = new Set(ids);
          next.delete(notification.id);
          return next;
        });
        toast.error(errorText(error));
      },
    );
  };

  const readAll = () => {
    const shown = items.map((n) => n.id);
    setMarkingAll(true);
    markRead().then(
      (reply) => {
        setMarkingAll(false);
        setReadIds((ids) => new Set([...ids, ...shown]));
        unreadStore.set(reply.unread);
        clearQueryCache();
        toast.success(t('notifications.allReadDone'));
      },
      (error: unknown) => {
        setMarkingAll(false);
        toast.error(errorText(error));
      },
    );
  };

  const go = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    setOpenId(null);
    window.scrollTo({ top: 0 });
  };

  const anyUnread = (unread ?? 0) > 0 || items.some((n) => !n.read);

  return (
    <ProfileFrame>
      <title>{t('notifications.documentTitle')}</title>
      <ProfileHeading
        title={t('notifications.title')}
        lead={
          unread && unread > 0
            ? t('notifications.unreadCount', { count: unread })
            : t('notifications.lead')
        }
        actions={
          items.length > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={readAll}
              loading={markingAll}
              disabled={!anyUnread}
              icon={<Icon name="check" className="size-4" />}
              data-testid="mark-all-read"
            >
              {t('notifications.markAll')}
            </Button>
          ) : null
        }
      />
      {query.status === 'loading' && !query.data ? (
        <ListSkeleton rows={6} label={t('common:state.loading')} />
      ) : query.status === 'error' && !query.data ? (
        <EmptyState
          icon="alert"
          title={t('common:state.loadFailed')}
          action={
            <Button variant="secondary" onClick={query.retry}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : items.length > 0 ? (
        <>
          <ul
            aria-label={t('notifications.title')}
            aria-busy={query.status === 'loading'}
            className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
            data-testid="notification-list"
          >
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                open={openId === notification.id}
                onToggle={() => toggle(notification)}
              />
            ))}
          </ul>
          <NewerOlderPager
            label={t('notifications.pagination')}
            page={page}
            pages={pages}
            onPage={go}
            newer={t('notifications.newer')}
            older={t('notifications.older')}
            position={t('notifications.pageOf', {
              page: formatInteger(page, i18n.language),
              pages: formatInteger(pages, i18n.language),
            })}
          />
          <p className="text-center text-xs text-muted">
            {t('notifications.total', { count: total })}
          </p>
        </>
      ) : page > 1 ? (
        <EmptyState
          icon="bell"
          title={t('notifications.pastEnd')}
          action={
            <Button variant="secondary" onClick={() => go(1)}>
              {t('notifications.firstPage')}
            </Button>
          }
        />
      ) : (
        <EmptyState icon="bell" title={t('notifications.empty')}>
          {t('notifications.emptyHint')}
        </EmptyState>
      )}
      <NotificationPrefs />
    </ProfileFrame>
  );
}
