import { directionOf, isLocale } from '@swx/i18n';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { paths } from '../../../shared/navigation/paths';
import { Badge } from '../../../shared/ui/badge';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { EmptyState } from '../../../shared/ui/list';
import { DateText } from '../../../shared/ui/date-text';
import { Skeleton } from '../../../shared/ui/skeleton';
import { fetchContent } from '../api/help.api';
import { PageHeading } from '../components/page-heading';
import { useInternalLinks } from '../components/use-internal-links';

const NOT_FOUND_CODES = [10101, 10100] as const;

function parseId(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * A content page (`/detail?id=&title=`): footer pages, notices and FAQ entries. The title from the
 * link shows at once; the body follows from the server in the reader's language, or in English
 * with a note when it has not been translated yet.
 */
export default function DetailPage() {
  const { t, i18n } = useTranslation('help');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const linkTitle = params.get('title')?.trim() ?? '';
  const onClick = useInternalLinks();
  const content = useApiQuery(
    id === null ? null : `content/${id}`,
    (signal) => fetchContent(id ?? 0, signal),
    { expectedCodes: NOT_FOUND_CODES },
  );

  const notFound =
    id === null ||
    (content.status === 'error' &&
      content.error instanceof ApiError &&
      (content.error.status === 404 ||
        (content.error.code !== null &&
          (NOT_FOUND_CODES as readonly number[]).includes(content.error.code))));

  if (notFound) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <title>{t('detail.notFoundTitle')}</title>
        <EmptyState
          icon="document"
          headingLevel={1}
          title={t('detail.notFoundTitle')}
          action={
            <Link to={paths.help} className={buttonClass('primary')}>
              {t('detail.toHelpCentre')}
            </Link>
          }
        >
          {t('detail.notFoundBody')}
        </EmptyState>
      </div>
    );
  }

  const item = content.data;
  const title = item?.title ?? linkTitle;
  const shownIn = item && item.locale !== i18n.language ? item.locale : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      {title ? <title>{`${title} · SWX`}</title> : null}
      <article className="flex flex-col gap-6" aria-busy={content.status === 'loading'}>
        <div className="flex flex-col gap-3">
          <PageHeading
            title={title || <Skeleton className="h-8 w-2/3" />}
            lead={
              item ? (
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  {item.kind === 'notice' ? (
                    <Badge tone="primary">{t('detail.notice')}</Badge>
                  ) : null}
                  {item.kind === 'faq' && item.category ? (
                    <Badge tone="primary">{t(`categories.${item.category}`)}</Badge>
                  ) : null}
                  <span>
                    {t('detail.updated')} <DateText iso={item.updatedAt} locale={i18n.language} />
                  </span>
                </span>
              ) : undefined
            }
          />
          {shownIn ? (
            <p
              className="flex items-start gap-2 rounded-lg border border-line bg-subtle px-3 py-2 text-sm text-muted"
              data-testid="untranslated-note"
            >
              <Icon name="info" className="mt-0.5 size-4" />
              <span>
                {t('detail.shownInOtherLanguage', {
                  language: isLocale(shownIn) ? t(`common:language.${shownIn}`) : shownIn,
                })}
              </span>
            </p>
          ) : null}
        </div>

        {item ? (
          <div
            className="prose-content text-base text-fg"
            lang={item.locale}
            dir={isLocale(item.locale) ? directionOf(item.locale) : undefined}
            onClick={onClick}
            // The server sanitises page bodies to a small tag whitelist (contract: body).
            dangerouslySetInnerHTML={{ __html: item.body }}
          />
        ) : content.status === 'error' ? (
          <EmptyState
            icon="alert"
            title={t('common:state.loadFailed')}
            action={
              <Button variant="secondary" onClick={content.retry}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : (
          <div className="flex flex-col gap-3" role="status" aria-label={t('common:state.loading')}>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        )}
      </article>
    </div>
  );
}
