import { AREA_CODES } from '@swx/contract';

/**
 * Countries for the KYC form and the phone prefix picker, named by Intl.DisplayNames in the
 * reader's language (so the list needs no translation) and sorted the reader's way. The ISO codes
 * come from the contract's calling-code table, which has one entry per country or territory.
 */
const COUNTRY_CODES: readonly string[] = [...new Set(AREA_CODES.map(([country]) => country))];

function displayNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

const countryCache = new Map<string, { value: string; label: string }[]>();

export function countryOptions(locale: string): { value: string; label: string }[] {
  let options = countryCache.get(locale);
  if (!options) {
    const name = displayNames(locale);
    const collator = new Intl.Collator(locale);
    options = COUNTRY_CODES.map((code) => ({ value: code, label: name(code) })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
    countryCache.set(locale, options);
  }
  return options;
}

/** Picker values are "GB:44" (several countries share +44); the wire takes the digits. */
export function areaCodeOptions(locale: string): { value: string; label: string }[] {
  const name = displayNames(locale);
  const collator = new Intl.Collator(locale);
  return AREA_CODES.map(([country, dial]) => ({
    value: `${country}:${dial}`,
    label: `${name(country)} (+${dial})`,
  })).sort((a, b) => collator.compare(a.label, b.label));
}

export function dialOf(value: string): string {
  return value.split(':')[1] ?? '';
}

/** A starting guess for the prefix from the browser's region (en-GB -> GB:44), else none. */
export function guessAreaCode(languages: readonly string[]): string {
  for (const tag of languages) {
    const region = tag.split('-')[1]?.toUpperCase();
    const entry = AREA_CODES.find(([country]) => country === region);
    if (entry) return `${entry[0]}:${entry[1]}`;
  }
  return '';
}
