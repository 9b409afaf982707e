import type { NoticeSummary } from '@swx/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { detailHref } from '../../../shared/navigation/paths';
import { List, ListItem } from '../../../shared/ui/list';
import { DateText } from '../../../shared/ui/date-text';

export function NoticeList({
  notices,
  label,
}: {
  notices: readonly NoticeSummary[];
  label: string;
}) {
  const { i18n } = useTranslation();
  return (
    <List label={label}>
      {notices.map((notice) => (
        <ListItem key={notice.id}>
          <Link
            to={detailHref(notice.id, notice.title)}
            className="flex flex-col gap-1 p-4 hover:bg-subtle"
            data-notice={notice.id}
          >
            <span className="font-medium text-fg">{notice.title}</span>
            <span className="line-clamp-2 text-sm text-muted">{notice.summary}</span>
            <DateText
              iso={notice.publishedAt}
              locale={i18n.language}
              className="text-xs text-muted"
            />
          </Link>
        </ListItem>
      ))}
    </List>
  );
}
