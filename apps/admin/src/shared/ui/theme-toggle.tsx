import { t } from '../../i18n/translate';
import { buttonClass } from './button';
import { setTheme, useTheme } from './theme';

export function ThemeToggle() {
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={buttonClass('ghost', 'sm')}
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
      {t('theme.dark')}
    </button>
  );
}
