import { t } from '../../../i18n/translate';

/** Leverages as small chips: 1× 2× 5× … */
export function LeverageChips({ values }: { values: readonly number[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {values.map((value) => (
        <li
          key={value}
          className="rounded border border-line bg-raised px-1 py-px text-xs leading-4 font-medium tabular-nums"
        >
          {t('instruments.leverage', { value })}
        </li>
      ))}
    </ul>
  );
}
