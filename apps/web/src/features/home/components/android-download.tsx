import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { buttonClass } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { fetchAndroidAppUrl } from '../api/home.api';

/** The Android download, shown only when staff have set `down_url`. */
export function AndroidDownload() {
  const { t } = useTranslation('home');
  const url = useApiQuery('home/down_url', fetchAndroidAppUrl, { silent: true });
  if (!url.data) return null;
  return (
    <section
      aria-labelledby="home-android"
      className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <h2 id="home-android" className="font-semibold">
          {t('android.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('android.body')}</p>
      </div>
      <a
        href={url.data}
        rel="noopener noreferrer"
        className={buttonClass('primary', 'md')}
        data-testid="android-download"
      >
        <Icon name="download" className="size-4" />
        {t('android.cta')}
      </a>
    </section>
  );
}
