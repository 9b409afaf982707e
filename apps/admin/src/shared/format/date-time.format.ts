import { UI_LOCALE } from '../../i18n/en';

const parts = new Intl.DateTimeFormat(UI_LOCALE, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const dateOnly = new Intl.DateTimeFormat(UI_LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/**
 * Local time as `2026-11-21 22:48:55`: unambiguous for staff in any country and sortable by eye.
 * The exact UTC instant goes in a title attribute beside it.
 */
export function formatDateTime(iso: string): string {
  const p = Object.fromEntries(
    parts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}
