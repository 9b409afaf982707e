import { useTranslation } from 'react-i18next';
import { AndroidDownload } from '../components/android-download';
import { FeatureCards } from '../components/feature-cards';
import { LatestNotices } from '../components/latest-notices';
import { MarketTable } from '../components/market-table';
import { PlatformStats } from '../components/platform-stats';

/**
 * Home: what SWX is, the live market table, the platform's computed figures, the features that
 * exist, the latest notices and the Android app. Nothing here is a hard-coded claim.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-8 sm:px-6 md:py-12 lg:px-8">
      <title>{t('documentTitle')}</title>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 max-w-2xl text-base text-muted sm:text-lg">{t('lead')}</p>
      </header>
      <MarketTable />
      <PlatformStats />
      <FeatureCards />
      <LatestNotices />
      <AndroidDownload />
    </div>
  );
}
