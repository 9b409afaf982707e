import { t } from '../../../i18n/translate';
import { useSupportSummary } from '../support-summary';

/**
 * Unread customer messages in open conversations, beside "Support" in the sidebar on every page;
 * nothing when there are none.
 */
export function SupportNavBadge() {
  const unread = useSupportSummary()?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="support-badge"
        className="ms-auto inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs leading-5 font-semibold text-danger-fg tabular-nums"
      >
        {unread > 99 ? '99+' : unread}
      </span>
      <span className="sr-only">{t('support.badge', { count: unread })}</span>
    </>
  );
}
