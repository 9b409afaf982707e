import { useTranslation } from 'react-i18next';
import type { Timeframe } from '@swx/contract';
import { TIMEFRAME_GROUPS } from '../candles';

/** Timeframes grouped by unit (minutes, hours, day, week, month); one is pressed. */
export function TimeframeSwitch({
  value,
  onChange,
}: {
  value: Timeframe;
  onChange: (timeframe: Timeframe) => void;
}) {
  const { t } = useTranslation('markets');
  return (
    <div
      role="group"
      aria-label={t('chart.timeframe')}
      className="flex flex-wrap items-center gap-x-2 gap-y-1"
      data-testid="timeframe-switch"
    >
      {TIMEFRAME_GROUPS.map((group) => (
        <div
          key={group.unit}
          role="group"
          aria-label={t(`chart.unit.${group.unit}`)}
          className="flex items-center rounded-lg bg-subtle p-0.5"
        >
          {group.timeframes.map((timeframe) => {
            const active = timeframe === value;
            return (
              <button
                key={timeframe}
                type="button"
                aria-pressed={active}
                data-timeframe={timeframe}
                onClick={() => onChange(timeframe)}
                className={`min-h-9 min-w-10 rounded-md px-2 text-xs font-medium whitespace-nowrap pointer-coarse:min-h-11 ${
                  active ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg'
                }`}
              >
                {t(`tf.${timeframe}`)}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
