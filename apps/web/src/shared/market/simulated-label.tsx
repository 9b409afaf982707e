import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons';

/**
 * Integrity rule 2: while any price on the screen comes from the simulator, the screen says so.
 * Renders nothing when every shown price is live.
 */
export function SimulatedLabel({
  sources,
  className = '',
}: {
  sources: readonly ('simulator' | 'live')[];
  className?: string;
}) {
  const { t } = useTranslation('markets');
  if (!sources.includes('simulator')) return null;
  return (
    <span
      data-testid="simulated-label"
      title={t('simulated.hint')}
      className={`inline-flex items-center gap-1 rounded-full bg-demo px-2.5 py-0.5 text-xs font-semibold text-on-demo ${className}`}
    >
      <Icon name="info" className="size-3.5" />
      {t('simulated.label')}
    </span>
  );
}
