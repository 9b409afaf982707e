import type { KycStatus } from '@swx/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/navigation/paths';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { buttonClass } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { ProfileIcon } from './profile-icons';

const TONES: Record<KycStatus, BadgeTone> = {
  none: 'neutral',
  pending: 'primary',
  verified: 'success',
  rejected: 'danger',
};

/** The KYC state in a word, as a badge. */
export function KycBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation('profile');
  return (
    <Badge tone={TONES[status]}>
      {status === 'verified' ? <Icon name="check" className="size-3.5" /> : null}
      {t(`kyc.status.${status}`)}
    </Badge>
  );
}

/**
 * Identity verification at a glance: not verified (with the way to start), pending review (result
 * within 48 hours), verified, or not passed with the reviewer's reason and a resubmit button.
 * `action` replaces the default link (the KYC page opens its form in place).
 */
export function KycStatusCard({
  status,
  reason,
  action,
  headingLevel = 2,
  title,
}: {
  status: KycStatus;
  reason: string | null;
  action?: ReactNode;
  headingLevel?: 2 | 3;
  /** Replaces "Identity verification" where the page title already says it. */
  title?: string;
}) {
  const { t } = useTranslation('profile');
  const Heading = `h${headingLevel}` as const;
  const defaultAction =
    status === 'none' ? (
      <Link to={paths.kyc} className={buttonClass('primary')} data-testid="kyc-start">
        {t('kyc.card.start')}
      </Link>
    ) : status === 'rejected' ? (
      <Link to={paths.kyc} className={buttonClass('primary')} data-testid="kyc-resubmit">
        {t('kyc.card.resubmit')}
      </Link>
    ) : (
      <Link to={paths.kyc} className="text-sm font-medium text-link hover:underline">
        {t('kyc.card.details')}
      </Link>
    );
  return (
    <section
      aria-labelledby="kyc-card-title"
      data-testid="kyc-status"
      data-status={status}
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:p-5 ${
        status === 'rejected' ? 'border-danger/40 bg-danger-soft/40' : 'border-line bg-surface'
      }`}
    >
      <div className="flex items-start gap-3">
        <span
          className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${
            status === 'verified'
              ? 'bg-success-soft text-success'
              : status === 'rejected'
                ? 'bg-danger-soft text-danger'
                : 'bg-primary-soft text-link'
          }`}
        >
          {status === 'pending' ? (
            <ProfileIcon name="clock" />
          ) : (
            <Icon name={status === 'rejected' ? 'alert' : 'shield'} />
          )}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Heading id="kyc-card-title" className="font-semibold">
              {title ?? t('kyc.card.title')}
            </Heading>
            <KycBadge status={status} />
          </div>
          <p className="text-sm text-muted">{t(`kyc.card.${status}`)}</p>
          {status === 'rejected' ? (
            <p className="text-sm text-fg" data-testid="kyc-reason">
              <span className="font-medium">{t('kyc.card.reasonLabel')}</span>{' '}
              <bdi>{reason?.trim() || t('kyc.card.noReason')}</bdi>
            </p>
          ) : null}
        </div>
      </div>
      {action === undefined ? (
        <div className="flex justify-end">{defaultAction}</div>
      ) : action ? (
        <div className="flex justify-end">{action}</div>
      ) : null}
    </section>
  );
}
