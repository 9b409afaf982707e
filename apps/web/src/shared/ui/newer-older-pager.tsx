import { Button } from './button';
import { Icon } from './icons';

/**
 * Paging of a newest-first list: "newer" and "older" buttons around the page position. The texts
 * come from the feature's catalogue; nothing shows when there is a single page.
 */
export function NewerOlderPager({
  label,
  page,
  pages,
  onPage,
  newer,
  older,
  position,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  newer: string;
  older: string;
  /** "Page 2 of 5", already formatted for the language. */
  position: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        icon={<Icon name="chevronEnd" className="size-4 rotate-180" />}
      >
        {newer}
      </Button>
      <p className="text-sm text-muted">{position}</p>
      <Button
        variant="secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        icon={<Icon name="chevronEnd" className="size-4" />}
        className="flex-row-reverse"
      >
        {older}
      </Button>
    </nav>
  );
}
