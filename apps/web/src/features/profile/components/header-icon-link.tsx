import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../shared/format/format-number';
import { Icon, type IconName } from '../../../shared/ui/icons';

/** Badges stop counting here; the label still says the exact number. */
const BADGE_MAX = 99;

/** A header icon that links to a page and shows how many things wait there (bell, support). */
export function HeaderIconLink({
  to,
  icon,
  label,
  count,
  testId,
  className = '',
}: {
  to: string;
  icon: IconName;
  label: string;
  count: number;
  /** Test ids of the link and of its badge. */
  testId: { link: string; badge: string };
  className?: string;
}) {
  const { i18n } = useTranslation();
  const badge =
    count > BADGE_MAX
      ? `${formatInteger(BADGE_MAX, i18n.language)}+`
      : formatInteger(count, i18n.language);
  // The link is named by what it shows (WCAG 2.5.3, label in name): where the sentence spells the
  // number out ("one unread notification"), the badge's figure follows it.
  const name =
    count > 0 && count <= BADGE_MAX && !label.includes(badge) ? `${label}: ${badge}` : label;
  return (
    <Link
      to={to}
      aria-label={name}
      title={name}
      data-testid={testId.link}
      data-unread={count}
      className={`relative inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg ${className}`}
    >
      <Icon name={icon} />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid={testId.badge}
          className="tabular absolute end-1 top-1 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-semibold text-white dark:text-canvas"
        >
          <bdi dir="ltr">{badge}</bdi>
        </span>
      ) : null}
    </Link>
  );
}
