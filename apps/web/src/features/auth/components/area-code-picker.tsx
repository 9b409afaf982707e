import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceLayout } from '../../../shared/layout/device-context';
import { Dialog } from '../../../shared/ui/dialog';
import { Icon } from '../../../shared/ui/icons';
import { Num } from '../../../shared/ui/num';
import { TextField } from '../../../shared/ui/text-field';
import { areaCodeOptions, searchAreaCodes } from '../area-code-list';

/**
 * The calling-code button of a phone field and its searchable list (a bottom sheet on phones, a
 * dialog on desktop). Countries are named in the reader's language by `Intl.DisplayNames`; codes
 * are shown left to right. The value is the country (several share a code).
 */
export function AreaCodePicker({
  country,
  onChange,
  invalid = false,
  describedBy,
  id,
}: {
  country: string;
  onChange: (country: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  id?: string;
}) {
  const { t, i18n } = useTranslation('auth');
  const device = useDeviceLayout();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  const options = areaCodeOptions(i18n.language);
  const results = useMemo(() => searchAreaCodes(options, query), [options, query]);
  const selected = options.find((option) => option.country === country);

  const choose = (next: string) => {
    onChange(next);
    setOpen(false);
    setQuery('');
  };

  const buttons = () =>
    Array.from(panelRef.current?.querySelectorAll<HTMLButtonElement>('[data-country]') ?? []);
  const moveFocus = (event: KeyboardEvent, from: 'search' | 'list') => {
    const all = buttons();
    if (all.length === 0) return;
    const index = from === 'list' ? all.indexOf(document.activeElement as HTMLButtonElement) : -1;
    const next =
      event.key === 'ArrowDown'
        ? all[Math.min(index + 1, all.length - 1)]
        : event.key === 'ArrowUp'
          ? index <= 0
            ? null
            : all[index - 1]
          : event.key === 'Home' && from === 'list'
            ? all[0]
            : event.key === 'End' && from === 'list'
              ? all.at(-1)
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    if (next === null) panelRef.current?.querySelector('input')?.focus();
    else next.focus();
  };

  return (
    <>
      <button
        type="button"
        id={id}
        name="areaCode"
        data-area-code-picker=""
        aria-haspopup="dialog"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-label={
          selected
            ? t('areaCode.trigger', { country: selected.name, code: `+${selected.dial}` })
            : t('areaCode.choose')
        }
        onClick={() => setOpen(true)}
        className={`inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border bg-surface ps-3 pe-2 text-base text-fg hover:bg-subtle focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus pointer-coarse:min-h-12 ${
          invalid ? 'border-danger' : 'border-line-strong'
        }`}
      >
        {selected ? (
          <>
            <span className="text-xs font-semibold text-muted">{selected.country}</span>
            <Num>+{selected.dial}</Num>
          </>
        ) : (
          <span className="text-muted">+</span>
        )}
        <Icon name="chevronDown" className="size-4 text-muted" />
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setQuery('');
        }}
        title={t('areaCode.title')}
      >
        <div ref={panelRef} className="flex flex-col gap-3">
          <TextField
            type="search"
            label={t('areaCode.search')}
            hideLabel
            placeholder={t('areaCode.searchPlaceholder')}
            value={query}
            // On a phone the keyboard would cover the list; there the list comes first.
            autoFocus={device === 'desktop'}
            autoComplete="off"
            enterKeyHint="search"
            startAdornment={<Icon name="search" className="size-5" />}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && results[0]) {
                event.preventDefault();
                choose(results[0].country);
              } else moveFocus(event, 'search');
            }}
          />
          <p className="sr-only" role="status">
            {t('areaCode.results', { count: results.length })}
          </p>
          {results.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">
              {t('areaCode.noResults', { query: query.trim() })}
            </p>
          ) : (
            <ul
              aria-label={t('areaCode.title')}
              className="-mx-2 max-h-[50dvh] overflow-y-auto sm:max-h-96"
              onKeyDown={(event) => moveFocus(event, 'list')}
            >
              {results.map((option) => {
                const current = option.country === country;
                return (
                  <li key={option.country}>
                    <button
                      type="button"
                      data-country={option.country}
                      aria-current={current || undefined}
                      onClick={() => choose(option.country)}
                      className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-2 text-start hover:bg-subtle focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus ${
                        current ? 'bg-primary-soft' : ''
                      }`}
                    >
                      <span className="flex-1 truncate">{option.name}</span>
                      <Num className="text-muted">+{option.dial}</Num>
                      {current ? (
                        <Icon name="check" className="size-4 text-link" />
                      ) : (
                        <span className="size-4" aria-hidden="true" />
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </Dialog>
    </>
  );
}
