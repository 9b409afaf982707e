import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { navigationItems } from '../routes';

/** Desktop top navigation: the registered entries of home, market, trading, loan, profile. */
export function TopNavigation({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className={className}>
      <ul className="flex items-center gap-1">
        {navigationItems().map((item) => (
          <li key={item.id}>
            <NavLink
              to={item.path}
              end={item.path === '/'}
              data-nav={item.id}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium ${
                  isActive
                    ? 'bg-primary-soft text-link'
                    : 'text-muted hover:bg-subtle hover:text-fg'
                }`
              }
            >
              {t(`nav.${item.id}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Mobile bottom tab bar: icon and label, 44 px or taller targets, safe-area aware. */
export function TabBar() {
  const { t } = useTranslation();
  const items = navigationItems();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul
        className="mx-auto grid max-w-xl"
        style={{ gridTemplateColumns: `repeat(${Math.max(items.length, 1)}, minmax(0, 1fr))` }}
      >
        {items.map((item) => (
          <li key={item.id}>
            <NavLink
              to={item.path}
              end={item.path === '/'}
              data-nav={item.id}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium ${
                  isActive ? 'text-link' : 'text-muted hover:text-fg'
                }`
              }
            >
              <Icon name={item.icon} className="size-6" />
              <span>{t(`nav.${item.id}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
