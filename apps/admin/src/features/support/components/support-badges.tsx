import type { SupportStatus } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { Badge } from '../../../shared/ui/badge';

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return (
    <Badge tone={status === 'open' ? 'success' : 'neutral'}>{t(`support.status.${status}`)}</Badge>
  );
}

/** Not signed in: wrote from the public help page and is answered by email. */
export function VisitorBadge() {
  return <Badge tone="warning">{t('support.visitor')}</Badge>;
}

/** A count of unread customer messages (nothing for none). */
export function UnreadCount({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid={testId}
        title={t('support.unreadCount', { count })}
        className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs leading-5 font-semibold text-accent-fg tabular-nums"
      >
        {count}
      </span>
      <span className="sr-only">{t('support.unreadCount', { count })}</span>
    </>
  );
}
