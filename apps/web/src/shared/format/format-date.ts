/** Dates and times with Intl, in the reader's language and time zone. */
const dateCache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateCache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateCache.set(key, format);
  }
  return format;
}

/** A calendar date ("21 Nov 2026", "2026/11/21") in the reader's time zone. */
export function formatDate(iso: string | Date, locale: string, timeZone?: string): string {
  return dateFormat(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
}

export function formatDateTime(iso: string | Date, locale: string, timeZone?: string): string {
  return dateFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** A time of day ("14:05", "2:05 PM") in the reader's time zone. */
export function formatTime(iso: string | Date, locale: string, timeZone?: string): string {
  return dateFormat(locale, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
}
