import { t } from '../../../i18n/translate';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import type { KycReviewStatus } from '../kyc.rules';

const tones: Record<KycReviewStatus, BadgeTone> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
};

export function KycStatusBadge({ status }: { status: KycReviewStatus }) {
  return <Badge tone={tones[status]}>{t(`kyc.statusValue.${status}`)}</Badge>;
}
