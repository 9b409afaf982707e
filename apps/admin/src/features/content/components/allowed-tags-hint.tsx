import { t } from '../../../i18n/translate';
import { ALLOWED_TAGS } from '../content.model';

export function AllowedTagsHint() {
  return (
    <span>
      {t('content.allowedTags')}{' '}
      {ALLOWED_TAGS.map((tag, index) => (
        <span key={tag}>
          <code className="rounded bg-raised px-1 font-mono text-[0.6875rem]">{tag}</code>
          {index < ALLOWED_TAGS.length - 1 ? ' ' : null}
        </span>
      ))}
      . {t('content.sanitised')}
    </span>
  );
}
