import type { ReviewState } from '@swx/contract';
import { t } from '../../../i18n/translate';
import { Badge } from '../../../shared/ui/badge';

const TONE = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

export function StateBadge({ state }: { state: ReviewState }) {
  return <Badge tone={TONE[state]}>{t(`funding.state.${state}`)}</Badge>;
}
