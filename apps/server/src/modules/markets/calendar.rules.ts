import type { CalendarId } from './instruments.catalogue';

/**
 * Trading calendars. A calendar yields the open sessions of each day as [open, close) intervals in
 * Unix seconds; everything else (is it open now, when did it last trade, when does it open next)
 * follows from them.
 *   always      crypto: every second of every day
 *   fx          forex and metals: Sunday 22:00 UTC to Friday 22:00 UTC
 *   us_equity   US stocks and ETFs: 09:30-16:00 New York time on weekdays, NYSE holidays closed
 *   cme_globex  CME futures: Sunday 18:00 to Friday 17:00 New York time, daily break 17:00-18:00
 */

const DAY = 86_400;

/** NYSE full-day closures (the calendar is published a year or more ahead). */
const NYSE_HOLIDAYS = new Set([
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-04-03',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-03-26',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-12-24',
]);

const nyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const offsetCache = new Map<number, number>();

/** New York's offset from UTC in seconds at an instant (negative: -14400 in summer, -18000 in winter). */
function newYorkOffset(t: number): number {
  // Offsets change only on the hour (DST switches), and Intl is slow: remember each hour's.
  const hour = Math.floor(t / 3600);
  const known = offsetCache.get(hour);
  if (known !== undefined) return known;
  const offset = computeNewYorkOffset(hour * 3600);
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(hour, offset);
  return offset;
}

function computeNewYorkOffset(t: number): number {
  const parts = Object.fromEntries(
    nyParts.formatToParts(new Date(t * 1000)).map((p) => [p.type, p.value]),
  );
  const asUtc =
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ) / 1000;
  return asUtc - t;
}

/** The UTC instant of a New York wall-clock time on a given civil date (days since the epoch). */
function newYorkTime(civilDay: number, hour: number, minute: number): number {
  const naive = civilDay * DAY + hour * 3600 + minute * 60;
  // The offset at the naive instant is right except within hours of a DST switch; one refinement fixes it.
  const first = naive - newYorkOffset(naive);
  return naive - newYorkOffset(first);
}

function civilDate(day: number): string {
  return new Date(day * DAY * 1000).toISOString().slice(0, 10);
}

/** Weekday of a civil day: 0 Sunday .. 6 Saturday. */
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const sessionCache = new Map<string, [number, number][]>();

/** Sessions that open on the given civil day (UTC day for fx, New York day for the others). */
export function sessionsOpeningOn(calendar: CalendarId, day: number): [number, number][] {
  const key = `${calendar}:${day}`;
  const known = sessionCache.get(key);
  if (known) return known;
  const sessions = computeSessions(calendar, day);
  if (sessionCache.size > 100_000) sessionCache.clear();
  sessionCache.set(key, sessions);
  return sessions;
}

function computeSessions(calendar: CalendarId, day: number): [number, number][] {
  const wd = weekday(day);
  switch (calendar) {
    case 'always':
      return [[day * DAY, (day + 1) * DAY]];
    case 'fx':
      // One week-long session from Sunday 22:00 to Friday 22:00 UTC.
      return wd === 0 ? [[day * DAY + 22 * 3600, (day + 5) * DAY + 22 * 3600]] : [];
    case 'us_equity':
      if (wd === 0 || wd === 6 || NYSE_HOLIDAYS.has(civilDate(day))) return [];
      return [[newYorkTime(day, 9, 30), newYorkTime(day, 16, 0)]];
    case 'cme_globex':
      // Sessions open at 18:00 the evening before the trade date: Sunday..Thursday evenings.
      if (wd === 5 || wd === 6) return [];
      return [[newYorkTime(day, 18, 0), newYorkTime(day + 1, 17, 0)]];
  }
}

/** The session containing `t`, or undefined when the market is closed at `t`. */
export function sessionAt(calendar: CalendarId, t: number): [number, number] | undefined {
  const today = Math.floor(t / DAY);
  for (let day = today + 1; day >= today - 6; day--) {
    for (const session of sessionsOpeningOn(calendar, day)) {
      if (session[0] <= t && t < session[1]) return session;
    }
  }
  return undefined;
}

export function isOpen(calendar: CalendarId, t: number): boolean {
  return sessionAt(calendar, t) !== undefined;
}

/** The last second at or before `t` when the market was open (prices freeze there while closed). */
export function lastOpenSecond(calendar: CalendarId, t: number): number {
  if (isOpen(calendar, t)) return t;
  const today = Math.floor(t / DAY);
  let best = -Infinity;
  for (let day = today + 1; day >= today - 14; day--) {
    for (const [open, close] of sessionsOpeningOn(calendar, day)) {
      if (open <= t) best = Math.max(best, Math.min(close, t + 1) - 1);
    }
    if (best > -Infinity && day * DAY < best - 7 * DAY) break;
  }
  return Number.isFinite(best) ? best : t;
}

/** The next opening at or after `t` (t itself when open). */
export function nextOpen(calendar: CalendarId, t: number): number {
  if (isOpen(calendar, t)) return t;
  const today = Math.floor(t / DAY);
  for (let day = today - 1; day <= today + 14; day++) {
    for (const [open] of sessionsOpeningOn(calendar, day)) if (open >= t) return open;
  }
  return t;
}

/** The open parts of [from, to), in order. */
export function openIntervals(calendar: CalendarId, from: number, to: number): [number, number][] {
  if (to <= from) return [];
  const out: [number, number][] = [];
  const firstDay = Math.floor(from / DAY) - 7;
  const lastDay = Math.floor(to / DAY) + 1;
  for (let day = firstDay; day <= lastDay; day++) {
    for (const [open, close] of sessionsOpeningOn(calendar, day)) {
      const a = Math.max(open, from);
      const b = Math.min(close, to);
      if (a < b) out.push([a, b]);
    }
  }
  out.sort((x, y) => x[0] - y[0]);
  // Sessions of adjacent days may touch (always, fx): merge them.
  const merged: [number, number][] = [];
  for (const interval of out) {
    const last = merged[merged.length - 1];
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([interval[0], interval[1]]);
  }
  return merged;
}
