import { DropdownMenu } from 'radix-ui';
import { LOCALES, isLocale } from '@swx/i18n';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons';
import { changeLocale } from './i18n';
import {
  LanguageTriggerFace,
  languageTriggerClass,
  type LanguageTriggerProps,
} from './language-trigger';

export default function LanguageMenu({ compact, current, label }: LanguageTriggerProps) {
  const { t, i18n } = useTranslation();
  return (
    <DropdownMenu.Root dir={i18n.dir()}>
      <DropdownMenu.Trigger
        className={languageTriggerClass}
        aria-label={label}
        data-testid="language-picker"
      >
        <LanguageTriggerFace compact={compact} current={current} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-56 overflow-y-auto rounded-xl border border-line bg-surface p-1 text-fg shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-muted">
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={current}
            onValueChange={(value) => {
              if (isLocale(value)) void changeLocale(value);
            }}
          >
            {LOCALES.map((locale) => (
              <DropdownMenu.RadioItem
                key={locale.code}
                value={locale.code}
                data-lang={locale.code}
                className="flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm outline-none select-none data-[highlighted]:bg-subtle pointer-coarse:min-h-11"
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Icon name="check" className="size-4 text-link" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span lang={locale.code} dir={locale.dir} className="font-medium">
                  {locale.name}
                </span>
                {locale.code === current ? null : (
                  <span className="ms-auto ps-3 text-xs text-muted">
                    {t(`language.${locale.code}`)}
                  </span>
                )}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
