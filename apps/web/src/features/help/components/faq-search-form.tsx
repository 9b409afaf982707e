import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Icon } from '../../../shared/ui/icons';
import { TextField } from '../../../shared/ui/text-field';

/**
 * The help centre's search box. On /help it keeps its own text and submits (Enter or the button)
 * to /help/faq?q=; the FAQ page controls the text (`value`) so results follow the typing and
 * "clear the search" empties the box.
 */
export function FaqSearchForm({
  value: controlled,
  onValueChange,
  onSubmit,
}: {
  value?: string;
  onValueChange?: (q: string) => void;
  onSubmit: (q: string) => void;
}) {
  const { t } = useTranslation('help');
  const [own, setOwn] = useState('');
  const value = controlled ?? own;
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex items-end gap-2"
      aria-describedby={hintId}
    >
      <TextField
        className="flex-1"
        type="search"
        name="q"
        label={t('search.label')}
        hideLabel
        placeholder={t('search.placeholder')}
        value={value}
        maxLength={100}
        enterKeyHint="search"
        startAdornment={<Icon name="search" className="size-5" />}
        onChange={(event) => {
          if (controlled === undefined) setOwn(event.target.value);
          onValueChange?.(event.target.value);
        }}
      />
      <Button type="submit" className="min-h-11 max-sm:px-3">
        <Icon name="search" className="size-5 sm:hidden" />
        <span className="max-sm:sr-only">{t('search.submit')}</span>
      </Button>
      <span id={hintId} className="sr-only">
        {t('search.hint')}
      </span>
    </form>
  );
}
