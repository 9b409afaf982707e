import { t } from '../../../i18n/translate';
import { CONTENT_LOCALES, type ContentLocale } from '../content.model';

/** All 11 languages at a glance: filled when a version exists, dashed and struck when missing. */
export function LocaleChips({ present }: { present: readonly ContentLocale[] }) {
  const have = new Set(present);
  return (
    <ul
      className="flex max-w-[21rem] min-w-44 flex-wrap gap-0.5"
      aria-label={t('content.languagesCount', { count: have.size, total: CONTENT_LOCALES.length })}
    >
      {CONTENT_LOCALES.map(({ code, name }) => {
        const exists = have.has(code);
        return (
          <li
            key={code}
            title={exists ? name : t('content.localeMissing', { name })}
            className={
              'rounded border px-1 font-mono text-[0.6875rem] leading-4 ' +
              (exists
                ? 'border-success/40 bg-success/10 text-success'
                : 'border-dashed border-line text-muted line-through')
            }
          >
            {code}
            <span className="sr-only">
              {exists ? t('content.localePresentSr') : t('content.localeMissingSr')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
