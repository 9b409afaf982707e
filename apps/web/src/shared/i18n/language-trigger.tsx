import { LOCALES, type Locale } from '@swx/i18n';
import { Icon } from '../ui/icons';

export interface LanguageTriggerProps {
  compact: boolean;
  current: Locale;
  label: string;
}

/** The picker's button face, shared by the stand-in and the real menu trigger. */
export function LanguageTriggerFace({ compact, current }: Omit<LanguageTriggerProps, 'label'>) {
  const name = LOCALES.find((l) => l.code === current)?.name ?? current;
  return (
    <>
      <Icon name="globe" />
      {compact ? null : <span lang={current}>{name}</span>}
      {compact ? null : <Icon name="chevronDown" className="size-4 text-muted" />}
    </>
  );
}

export const languageTriggerClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium text-fg hover:bg-subtle data-[state=open]:bg-subtle';
