import { isRouteErrorResponse, useRouteError } from 'react-router';
import { t } from '../i18n/translate';
import { Button, Spinner } from '../shared/ui/button';
import { InlineAlert } from '../shared/ui/inline-alert';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-muted" role="status">
      <Spinner className="size-5" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

/** An error while rendering or loading a page (often a chunk that a new release replaced). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-3 p-6">
      <h1 className="text-lg font-semibold">{t('error.pageTitle')}</h1>
      <InlineAlert>{t('error.pageBody', { detail })}</InlineAlert>
      <div>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </div>
    </div>
  );
}
