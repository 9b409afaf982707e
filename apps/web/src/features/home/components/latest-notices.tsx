import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { detailHref, paths } from '../../../shared/navigation/paths';
import { Button } from '../../../shared/ui/button';
import { EmptyState, List, ListItem, ListSkeleton } from '../../../shared/ui/list';
import { DateText } from '../../../shared/ui/date-text';
import { fetchLatestNotices } from '../api/home.api';

export function LatestNotices() {
  const { t, i18n } = useTranslation('home');
  const notices = useApiQuery('home/notices', fetchLatestNotices);
  return (
    <section aria-labelledby="home-notices">
      <div className="flex items-center justify-between gap-4">
        <h2 id="home-notices" className="text-lg font-semibold">
          {t('notices.title')}
        </h2>
        <Link to={paths.notices} className="text-sm font-medium text-link hover:underline">
          {t('notices.all')}
        </Link>
      </div>
      <div className="mt-4">
        {notices.status === 'loading' ? (
          <ListSkeleton rows={3} label={t('common:state.loading')} />
        ) : notices.status === 'error' && !notices.data ? (
          <EmptyState
            icon="alert"
            title={t('common:state.loadFailed')}
            action={
              <Button variant="secondary" onClick={notices.retry}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : notices.data && notices.data.list.length > 0 ? (
          <List label={t('notices.title')}>
            {notices.data.list.map((notice) => (
              <ListItem key={notice.id}>
                <Link
                  to={detailHref(notice.id, notice.title)}
                  className="flex flex-col gap-1 p-4 hover:bg-subtle"
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
        ) : (
          <EmptyState icon="notice" title={t('notices.empty')}>
            {t('notices.emptyHint')}
          </EmptyState>
        )}
      </div>
    </section>
  );
}
