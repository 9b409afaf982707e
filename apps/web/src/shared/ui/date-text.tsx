import { formatDate } from '../format/format-date';

/**
 * A calendar date in the reader's language. Isolated with <bdi> but not forced left to right:
 * Intl already puts direction marks into Arabic dates, and forcing LTR would scramble them.
 */
export function DateText({
  iso,
  locale,
  className = '',
}: {
  iso: string;
  locale: string;
  className?: string;
}) {
  return (
    <time dateTime={iso} className={className}>
      <bdi>{formatDate(iso, locale)}</bdi>
    </time>
  );
}
