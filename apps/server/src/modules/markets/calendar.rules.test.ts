import { describe, expect, it } from 'vitest';
import { isOpen, lastOpenSecond, nextOpen } from './calendar.rules';
import type { CalendarId } from './instruments.catalogue';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('trading calendars', () => {
  it.each<[CalendarId, string, boolean]>([
    ['always', '2026-11-22T03:00:00Z', true], // a Sunday night
    ['fx', '2026-11-20T21:59:59Z', true], // Friday just before close
    ['fx', '2026-11-20T22:00:00Z', false], // Friday close
    ['fx', '2026-11-21T12:00:00Z', false], // Saturday
    ['fx', '2026-11-22T21:59:59Z', false], // Sunday before open
    ['fx', '2026-11-22T22:00:00Z', true], // Sunday open
    ['fx', '2026-11-25T03:00:00Z', true], // midweek night
    ['us_equity', '2026-11-23T14:29:59Z', false], // Monday 09:29:59 New York (EST, UTC-5)
    ['us_equity', '2026-11-23T14:30:00Z', true], // 09:30 New York
    ['us_equity', '2026-11-23T20:59:59Z', true], // 15:59:59
    ['us_equity', '2026-11-23T21:00:00Z', false], // 16:00 close
    ['us_equity', '2026-07-13T13:30:00Z', true], // 09:30 in summer time (EDT, UTC-4)
    ['us_equity', '2026-07-13T13:29:00Z', false],
    ['us_equity', '2026-11-26T15:00:00Z', false], // Thanksgiving
    ['us_equity', '2026-11-21T15:00:00Z', false], // Saturday
    ['cme_globex', '2026-11-22T23:00:00Z', true], // Sunday 18:00 New York
    ['cme_globex', '2026-11-22T22:59:59Z', false],
    ['cme_globex', '2026-11-24T22:30:00Z', false], // Tuesday 17:30, daily break
    ['cme_globex', '2026-11-24T23:00:00Z', true], // Tuesday 18:00 reopen
    ['cme_globex', '2026-11-27T21:59:59Z', true], // Friday 16:59:59
    ['cme_globex', '2026-11-27T22:00:00Z', false], // Friday 17:00 close
    ['cme_globex', '2026-11-28T15:00:00Z', false], // Saturday
  ])('%s at %s is open: %s', (calendar, iso, open) => {
    expect(isOpen(calendar, at(iso))).toBe(open);
  });

  it('freezes at the last open second and finds the next opening', () => {
    const saturday = at('2026-11-21T12:00:00Z');
    expect(lastOpenSecond('fx', saturday)).toBe(at('2026-11-20T21:59:59Z'));
    expect(nextOpen('fx', saturday)).toBe(at('2026-11-22T22:00:00Z'));
    expect(lastOpenSecond('us_equity', at('2026-11-23T10:00:00Z'))).toBe(
      at('2026-11-20T20:59:59Z'),
    );
    expect(nextOpen('us_equity', at('2026-11-25T22:00:00Z'))).toBe(at('2026-11-27T14:30:00Z')); // after Thanksgiving
    expect(lastOpenSecond('always', 1_000)).toBe(1_000);
    expect(lastOpenSecond('us_equity', at('2026-11-23T15:00:00Z'))).toBe(
      at('2026-11-23T15:00:00Z'),
    );
  });
});
