import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { setTheme, useTheme } from './theme';

/** Switches between light and dark; the label says what pressing it does. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label={t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')}
      title={t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')}
      className={`inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg ${className}`}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
