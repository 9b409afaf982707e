import { describe, expect, it } from 'vitest';
import { areaCodeOptions, guessCountry, searchAreaCodes } from './area-code-list';

const countries = (locale: string, query: string) =>
  searchAreaCodes(areaCodeOptions(locale), query).map((option) => option.country);

describe('area-code search', () => {
  it('names every country in the reader language and sorts by that name', () => {
    const en = areaCodeOptions('en');
    expect(en.find((o) => o.country === 'DE')?.name).toBe('Germany');
    expect(areaCodeOptions('de').find((o) => o.country === 'DE')?.name).toBe('Deutschland');
    const names = en.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => new Intl.Collator('en').compare(a, b)));
  });

  it('finds by name, ignoring case and accents, names that start with the text first', () => {
    expect(countries('en', 'japan')).toEqual(['JP']);
    expect(countries('en', 'united k')).toEqual(['GB']);
    expect(countries('fr', 'etats-unis')).toContain('US');
    expect(countries('en', 'in')[0]).toBe('IN');
  });

  it('finds by calling code with or without + or 00, exact codes first', () => {
    const plus44 = countries('en', '+44');
    expect(plus44.slice(0, 4).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(countries('en', '0044').slice(0, 4).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(countries('en', '86')[0]).toBe('CN');
    const twentyFirst = searchAreaCodes(areaCodeOptions('en'), '2');
    expect(twentyFirst.every((o) => o.dial.startsWith('2'))).toBe(true);
  });

  it('finds an Arabic name from its English name or ISO code', () => {
    expect(countries('ar', 'egypt')).toEqual(['EG']);
    expect(countries('ar', 'مصر')).toEqual(['EG']);
    expect(countries('ar', 'eg')).toContain('EG');
  });

  it('answers nothing for an unknown name', () => {
    expect(countries('en', 'atlantis')).toEqual([]);
  });

  it('guesses the reader country from the browser languages', () => {
    expect(guessCountry(['en-GB', 'en'])).toBe('GB');
    expect(guessCountry(['ja'])).toBe('JP');
    expect(guessCountry(['zh-TW'])).toBe('TW');
    expect(guessCountry(['not a tag'])).toBeNull();
  });
});
