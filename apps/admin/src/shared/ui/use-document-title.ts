import { useEffect } from 'react';
import { t } from '../../i18n/translate';

export function useDocumentTitle(page: string | undefined) {
  useEffect(() => {
    const app = t('app.title');
    document.title = page ? `${page} · ${app}` : app;
  }, [page]);
}
