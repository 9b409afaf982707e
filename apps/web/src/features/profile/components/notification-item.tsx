import type { Notification, NotificationKind } from '@swx/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { paths } from '../../../shared/navigation/paths';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { notificationText } from '../notification-text';

const ICONS: Record<NotificationKind, IconName> = {
  kyc_approved: 'shield',
  kyc_rejected: 'alert',
  password_changed: 'shield',
  withdraw_password_changed: 'wallet',
  new_device_login: 'profile',
  welcome: 'notice',
  deposit_approved: 'wallet',
  deposit_rejected: 'alert',
  withdrawal_approved: 'wallet',
  withdrawal_rejected: 'alert',
  loan_approved: 'wallet',
  loan_rejected: 'alert',
  loan_repaid: 'wallet',
  loan_overdue: 'alert',
  loan_due_soon: 'loan',
  nft_outbid: 'alert',
  nft_won: 'wallet',
  price_alert: 'pulse',
  order_filled: 'market',
  position_closed: 'market',
  option_settled: 'pulse',
  plan_earning: 'wallet',
  plan_ended: 'wallet',
  invite_commission: 'wallet',
  support_reply: 'support',
};

/** Where a notification leads (the KYC form after a rejection; settings after a security event). */
const FOLLOW_UP: Partial<Record<NotificationKind, { path: string; label: string }>> = {
  kyc_rejected: { path: paths.kyc, label: 'notifications.followKyc' },
  password_changed: { path: paths.profileInfo, label: 'notifications.followSecurity' },
  withdraw_password_changed: { path: paths.profileInfo, label: 'notifications.followSecurity' },
  new_device_login: { path: paths.profileInfo, label: 'notifications.followSecurity' },
  price_alert: { path: paths.alerts, label: 'notifications.followAlerts' },
  order_filled: { path: paths.orders, label: 'notifications.followOrders' },
  position_closed: { path: paths.orders, label: 'notifications.followOrders' },
  option_settled: { path: paths.orders, label: 'notifications.followOrders' },
  plan_earning: { path: paths.trading, label: 'notifications.followPlans' },
  plan_ended: { path: paths.trading, label: 'notifications.followPlans' },
  invite_commission: { path: paths.invite, label: 'notifications.followInvite' },
  support_reply: { path: paths.support, label: 'notifications.followSupport' },
};

/**
 * One notification: its title in the list, the full text when opened. Opening an unread one
 * marks it read.
 */
export function NotificationItem({
  notification,
  open,
  onToggle,
}: {
  notification: Notification;
  open: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const id = useId();
  const { title, body } = notificationText(notification, t);
  const unread = !notification.read;
  const follow = FOLLOW_UP[notification.kind];
  return (
    <li
      data-notification={notification.id}
      data-kind={notification.kind}
      data-read={notification.read ? 'true' : 'false'}
    >
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          className={`flex min-h-16 w-full items-start gap-3 px-4 py-3 text-start hover:bg-subtle ${
            unread ? 'bg-primary-soft/40' : ''
          }`}
        >
          <span
            className={`mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full ${
              unread ? 'bg-primary-soft text-link' : 'bg-subtle text-muted'
            }`}
          >
            <Icon name={ICONS[notification.kind]} className="size-5" />
          </span>
          <span className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className={`text-sm ${unread ? 'font-semibold text-fg' : 'font-medium text-fg'}`}>
              {unread ? <span className="sr-only">{t('notifications.unread')} </span> : null}
              <span data-notification-title>{title}</span>
            </span>
            {open ? null : <span className="line-clamp-1 text-sm text-muted">{body}</span>}
            <time dateTime={notification.createdAt} className="text-xs text-muted">
              <bdi>{formatDateTime(notification.createdAt, i18n.language)}</bdi>
            </time>
          </span>
          {unread ? (
            <span
              aria-hidden="true"
              className="mt-2 size-2.5 shrink-0 rounded-full bg-primary"
              data-testid="unread-dot"
            />
          ) : null}
          <Icon
            name="chevronDown"
            className={`mt-1.5 size-4 text-muted transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="px-4 pb-4 ps-16 text-sm text-fg">
        <p className="whitespace-pre-line">{body}</p>
        {follow ? (
          <Link
            to={follow.path}
            className="mt-2 inline-flex min-h-11 items-center gap-1 font-medium text-link hover:underline"
          >
            {t(follow.label)}
            <Icon name="chevronEnd" className="size-4" />
          </Link>
        ) : null}
      </div>
    </li>
  );
}
