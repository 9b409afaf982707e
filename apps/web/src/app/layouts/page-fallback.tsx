import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../shared/ui/skeleton';

/** What a page shows while its chunk and catalogue load (usually a few milliseconds). */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('state.loading')}
      className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-8 sm:px-6"
    >
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
