import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { formatMoney } from '../../../shared/format/format-money';
import { asIntlValue, formatInteger, numberFormat } from '../../../shared/format/format-number';
import { Num } from '../../../shared/ui/num';
import { Skeleton } from '../../../shared/ui/skeleton';
import { fetchPlatformStats } from '../api/home.api';

/** Figures computed by the platform from its own data (integrity rule 3); nothing typed in. */
export function PlatformStats() {
  const { t, i18n } = useTranslation('markets');
  const stats = useApiQuery('home/stats', fetchPlatformStats, { silent: true });
  if (stats.status === 'error' && !stats.data) return null;
  const locale = i18n.language;
  const data = stats.data;
  const figures = data
    ? [
        { id: 'instruments', value: formatInteger(data.listedInstruments, locale) },
        { id: 'users', value: formatInteger(data.registeredUsers, locale) },
        { id: 'volume', value: formatMoney(data.volume24h, 'USDT', locale) },
        {
          id: 'fee',
          value: t('stats.feeValue', {
            rate: numberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
              asIntlValue(data.maxFeeRate),
            ),
          }),
        },
      ]
    : null;
  return (
    <section aria-labelledby="home-stats" data-testid="platform-stats">
      <h2 id="home-stats" className="sr-only">
        {t('stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {(['instruments', 'users', 'volume', 'fee'] as const).map((id) => {
          const figure = figures?.find((f) => f.id === id);
          return (
            <div
              key={id}
              data-stat={id}
              className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4"
            >
              <dt className="text-xs font-medium text-muted">{t(`stats.${id}`)}</dt>
              <dd className="text-lg font-semibold text-fg sm:text-xl">
                {figure ? <Num>{figure.value}</Num> : <Skeleton className="h-6 w-20" />}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
