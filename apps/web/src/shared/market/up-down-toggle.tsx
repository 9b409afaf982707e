import { useTranslation } from 'react-i18next';
import { setConvention, useConvention } from './up-down';

/**
 * Header control that swaps the up/down colours (green up / red up). The two arrows show the
 * colours in force; the label says what pressing it does.
 */
export function UpDownToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const convention = useConvention();
  const next = convention === 'red-up' ? 'green-up' : 'red-up';
  const label = t('upDown.switch', {
    current: t(`upDown.${convention}`),
    next: t(`upDown.${next}`),
  });
  return (
    <button
      type="button"
      data-testid="updown-toggle"
      data-convention={convention}
      onClick={() => setConvention(next)}
      aria-label={label}
      title={label}
      className={`inline-flex size-11 flex-col items-center justify-center rounded-lg text-[0.625rem] leading-[0.7rem] hover:bg-subtle ${className}`}
    >
      <span aria-hidden="true" className="text-rise">
        ▲
      </span>
      <span aria-hidden="true" className="text-fall">
        ▼
      </span>
    </button>
  );
}
