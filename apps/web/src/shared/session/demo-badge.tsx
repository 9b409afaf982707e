import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge';
import { useSession } from './session-store';

/** Shown on every screen while the demo account is active, so virtual funds are never mistaken. */
export function DemoBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { mode, token } = useSession();
  if (mode !== 'demo' || !token) return null;
  return (
    <Badge tone="demo" className={className}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      <span title={t('account.demoHint')}>{t('account.demoBadge')}</span>
    </Badge>
  );
}
