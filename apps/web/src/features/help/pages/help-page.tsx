import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { paths } from '../../../shared/navigation/paths';
import { useRouteAvailable } from '../../../shared/navigation/route-availability';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState, ListSkeleton } from '../../../shared/ui/list';
import { fetchNotices } from '../api/help.api';
import { FAQ_CATEGORIES } from '../components/faq-categories';
import { FaqSearchForm } from '../components/faq-search-form';
import { NoticeList } from '../components/notice-list';
import { PageHeading } from '../components/page-heading';

/** Help centre: search, FAQ categories, the latest notices, and support once it exists. */
export default function HelpPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const available = useRouteAvailable();
  const notices = useApiQuery('help/notices/latest', (signal) => fetchNotices(1, 5, signal));

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-8 sm:px-6 md:py-12 lg:px-8">
      <title>{t('documentTitle')}</title>
      <div className="flex flex-col gap-5">
        <PageHeading title={t('title')} lead={t('lead')} back={false} />
        <div className="max-w-2xl">
          <FaqSearchForm
            onSubmit={(q) => {
              void navigate(
                q ? `${paths.faq}?${new URLSearchParams({ q }).toString()}` : paths.faq,
              );
            }}
          />
        </div>
      </div>

      <section aria-labelledby="help-categories">
        <div className="flex items-center justify-between gap-4">
          <h2 id="help-categories" className="text-lg font-semibold">
            {t('categoriesTitle')}
          </h2>
          <Link to={paths.faq} className="text-sm font-medium text-link hover:underline">
            {t('allQuestions')}
          </Link>
        </div>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {FAQ_CATEGORIES.map((category) => (
            <li key={category.id}>
              <Link
                to={`${paths.faq}?category=${category.id}`}
                data-category={category.id}
                className="flex h-full items-start gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-subtle"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-link">
                  <Icon name={category.icon} />
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold text-fg">{t(`categories.${category.id}`)}</span>
                  <span className="mt-0.5 text-sm text-muted">
                    {t(`categoryHints.${category.id}`)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="help-notices">
        <div className="flex items-center justify-between gap-4">
          <h2 id="help-notices" className="text-lg font-semibold">
            {t('notices.latest')}
          </h2>
          <Link to={paths.notices} className="text-sm font-medium text-link hover:underline">
            {t('notices.all')}
          </Link>
        </div>
        <div className="mt-4">
          {notices.status === 'loading' ? (
            <ListSkeleton rows={3} label={t('common:state.loading')} />
          ) : notices.data && notices.data.list.length > 0 ? (
            <NoticeList notices={notices.data.list} label={t('notices.latest')} />
          ) : notices.status === 'error' ? (
            <EmptyState
              icon="alert"
              title={t('common:state.loadFailed')}
              action={
                <Button variant="secondary" onClick={notices.retry}>
                  {t('common:actions.retry')}
                </Button>
              }
            />
          ) : (
            <EmptyState icon="notice" title={t('notices.empty')} />
          )}
        </div>
      </section>

      {available(paths.support) ? (
        <section className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-center">
          <div className="flex-1">
            <h2 className="font-semibold">{t('support.title')}</h2>
            <p className="mt-1 text-sm text-muted">{t('support.body')}</p>
          </div>
          <Link to={paths.support} className="font-medium text-link hover:underline">
            {t('support.cta')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
