import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/navigation/paths';
import { useRouteAvailable } from '../../../shared/navigation/route-availability';
import { Icon, type IconName } from '../../../shared/ui/icons';

interface Card {
  id: 'market' | 'help' | 'notices';
  path: string;
  icon: IconName;
}

// A card shows once its path is registered in the route registry; trading and loan join later.
const cards: readonly Card[] = [
  { id: 'market', path: paths.market, icon: 'market' },
  { id: 'help', path: paths.help, icon: 'help' },
  { id: 'notices', path: paths.notices, icon: 'notice' },
];

export function FeatureCards() {
  const { t } = useTranslation('home');
  const available = useRouteAvailable();
  const visible = cards.filter((card) => available(card.path));
  return (
    <section aria-labelledby="home-features">
      <h2 id="home-features" className="text-lg font-semibold">
        {t('features.title')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((card) => (
          <li key={card.id}>
            <Link
              to={card.path}
              data-feature={card.id}
              className="group flex h-full items-start gap-4 rounded-2xl border border-line bg-surface p-5 transition-colors hover:border-line-strong hover:bg-subtle"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-link">
                <Icon name={card.icon} className="size-6" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-fg">{t(`features.${card.id}.title`)}</span>
                <span className="mt-1 text-sm text-muted">{t(`features.${card.id}.body`)}</span>
              </span>
              <Icon
                name="chevronEnd"
                className="mt-3 size-5 text-muted transition-transform group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
