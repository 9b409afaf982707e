import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../../../../shared/ui/num';

/** Two or more mutually exclusive choices as a row of toggle buttons (side, type, direction). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string; tone?: 'up' | 'down' }[];
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-subtle p-1"
    >
      {options.map((option) => {
        const active = option.value === value;
        const tone =
          active && option.tone === 'up'
            ? 'bg-rise-soft text-rise ring-1 ring-rise'
            : active && option.tone === 'down'
              ? 'bg-fall-soft text-fall ring-1 ring-fall'
              : active
                ? 'bg-surface text-fg shadow-sm'
                : 'text-muted hover:text-fg';
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(option.value)}
            className={`min-h-11 rounded-md px-2 text-sm font-semibold ${tone}`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

/** 25 / 50 / 75 / 100 % of the available balance. */
export function ShareButtons({
  onShare,
  disabled,
}: {
  onShare: (share: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('trade');
  return (
    <div className="grid grid-cols-4 gap-1" role="group" aria-label={t('share.label')}>
      {[25, 50, 75, 100].map((share) => (
        <button
          key={share}
          type="button"
          disabled={disabled}
          onClick={() => onShare(share)}
          className="min-h-11 rounded-md border border-line text-xs font-medium text-muted hover:text-fg disabled:opacity-50"
        >
          <Num>{share}%</Num>
        </button>
      ))}
    </div>
  );
}

/** One line of terms: a label and a figure. */
export function Term({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
