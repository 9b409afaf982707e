import type { AdminUserRow } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';

export function UserStatusBadge({ status }: { status: AdminUserRow['status'] }) {
  return (
    <Badge tone={status === 'active' ? 'success' : 'danger'}>
      {t(`users.statusValue.${status}`)}
    </Badge>
  );
}

const kycTones: Record<AdminUserRow['kycStatus'], BadgeTone> = {
  none: 'neutral',
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

export function KycStatusBadge({ status }: { status: AdminUserRow['kycStatus'] }) {
  return <Badge tone={kycTones[status]}>{t(`users.kycValue.${status}`)}</Badge>;
}

export function DemoBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge tone={enabled ? 'accent' : 'neutral'}>
      {t(enabled ? 'users.demoValue.on' : 'users.demoValue.off')}
    </Badge>
  );
}
