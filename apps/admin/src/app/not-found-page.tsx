import { Link } from 'react-router';
import { t } from '../i18n/translate';
import { buttonClass } from '../shared/ui/button';
import { PageHeader } from '../shared/ui/page-header';
import { useDocumentTitle } from '../shared/ui/use-document-title';

export function NotFoundPage() {
  useDocumentTitle(t('notFound.title'));
  return (
    <>
      <PageHeader title={t('notFound.title')} description={t('notFound.body')} />
      <Link to="/" className={buttonClass('secondary')}>
        {t('notFound.back')}
      </Link>
    </>
  );
}
