import { getAdminContent } from '@swx/contract';
import { Link, useParams } from 'react-router';
import { t } from '../../../i18n/translate';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { MetadataPanel } from '../components/metadata-panel';
import { TranslationEditor } from '../components/translation-editor';
import { classification } from '../content.model';

function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="mb-2 inline-block text-sm text-accent hover:underline">
      {t('content.edit.back')}
    </Link>
  );
}

function EditContent({ id }: { id: number }) {
  const content = useApiQuery(getAdminContent, { params: { id } });
  const item = content.data;
  useDocumentTitle(item ? t('content.edit.docTitle', { slug: item.slug }) : t('nav.content'));

  if (!item) {
    if (content.error) {
      return (
        <div className="flex flex-col items-start gap-3">
          <BackLink to="/content" />
          <InlineAlert>{content.error.message}</InlineAlert>
          <Button onClick={content.reload}>{t('common.retry')}</Button>
        </div>
      );
    }
    return (
      <>
        <BackLink to="/content" />
        <p className="text-sm text-muted">{t('common.loading')}</p>
      </>
    );
  }

  const label = classification(item);
  return (
    <>
      <BackLink to={item.kind === 'page' ? '/content' : `/content?kind=${item.kind}`} />
      <PageHeader
        title={<span lang="en">{item.title}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs" data-testid="content-slug">
              {item.slug}
            </span>
            <Badge>{t(`content.kindValue.${item.kind}`)}</Badge>
            {label ? <Badge>{t(label)}</Badge> : null}
            <span className="text-xs">#{item.id}</span>
          </span>
        }
      />
      <div className="flex flex-col gap-4">
        <MetadataPanel
          key={item.updatedAt}
          item={item}
          onSaved={(saved) => content.setData((c) => (c ? { ...c, ...saved } : c))}
        />
        <TranslationEditor
          contentId={item.id}
          translations={item.translations}
          onSaved={(translation) =>
            content.setData((c) =>
              c
                ? {
                    ...c,
                    locales: c.locales.includes(translation.locale)
                      ? c.locales
                      : [...c.locales, translation.locale],
                    title: translation.locale === 'en' ? translation.title : c.title,
                    translations: [
                      ...c.translations.filter((tr) => tr.locale !== translation.locale),
                      translation,
                    ],
                  }
                : c,
            )
          }
        />
      </div>
    </>
  );
}

export function ContentEditPage() {
  const { id } = useParams();
  const numeric = Number(id);
  return (
    <>
      {Number.isInteger(numeric) && numeric > 0 ? (
        <EditContent key={numeric} id={numeric} />
      ) : (
        <>
          <BackLink to="/content" />
          <InlineAlert>{t('content.edit.badId')}</InlineAlert>
        </>
      )}
    </>
  );
}
