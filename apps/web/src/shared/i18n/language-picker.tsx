import { lazy, Suspense } from 'react';
import { LOCALES, isLocale, type Locale } from '@swx/i18n';
import { useTranslation } from 'react-i18next';
import { LanguageTriggerFace, languageTriggerClass } from './language-trigger';

// The menu (Radix DropdownMenu with its positioning and focus code) loads right after the first
// render instead of with it; until then the same-looking trigger stands in.
const LanguageMenu = lazy(() => import('./language-menu'));

/**
 * Language menu: each language named in itself (so a reader finds their own), with its name in
 * the current language beside it. The choice is stored and applied without a reload.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const currentName = LOCALES.find((l) => l.code === current)?.name ?? current;
  const label = t('language.choose', { language: currentName });
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={languageTriggerClass}
          aria-label={label}
          aria-haspopup="menu"
        >
          <LanguageTriggerFace compact={compact} current={current} />
        </button>
      }
    >
      <LanguageMenu compact={compact} current={current} label={label} />
    </Suspense>
  );
}
