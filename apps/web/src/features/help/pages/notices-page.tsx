import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatInteger } from '../../../shared/format/format-number';
import { Button } from '../../../shared/ui/button';
import { NewerOlderPager } from '../../../shared/ui/newer-older-pager';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { fetchNotices, NOTICES_PAGE_SIZE } from '../api/help.api';
import { NoticeList } from '../components/notice-list';
import { PageHeading } from '../components/page-heading';

/** All published notices, newest first, ten to a page (`?page=` keeps the place on reload). */
export default function NoticesPage() {
  const { t, i18n } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const notices = useApiQuery(
    `notices?page=${page}`,
    (signal) => fetchNotices(page, NOTICES_PAGE_SIZE, signal),
    { keepPreviousData: true },
  );
  const total = notices.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTICES_PAGE_SIZE));
  const go = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <title>{t('notices.documentTitle')}</title>
      <PageHeading title={t('notices.title')} lead={t('notices.lead')} />
      {notices.status === 'loading' && !notices.data ? (
        <ListSkeleton rows={5} label={t('common:state.loading')} />
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
        <>
          <div aria-busy={notices.status === 'loading'}>
            <NoticeList notices={notices.data.list} label={t('notices.title')} />
          </div>
          <NewerOlderPager
            label={t('notices.pagination')}
            page={page}
            pages={pages}
            onPage={go}
            newer={t('notices.newer')}
            older={t('notices.older')}
            position={t('notices.pageOf', {
              page: formatInteger(page, i18n.language),
              pages: formatInteger(pages, i18n.language),
            })}
          />
          <p className="text-center text-xs text-muted">{t('notices.total', { count: total })}</p>
        </>
      ) : total > 0 ? (
        <EmptyState
          icon="notice"
          title={t('notices.pastEnd')}
          action={
            <Button variant="secondary" onClick={() => go(1)}>
              {t('notices.firstPage')}
            </Button>
          }
        />
      ) : (
        <EmptyState icon="notice" title={t('notices.empty')}>
          {t('notices.emptyHint')}
        </EmptyState>
      )}
    </div>
  );
}
