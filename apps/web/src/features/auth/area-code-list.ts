import { AREA_CODES } from '@swx/contract';

/** One row of the area-code picker: a country in the reader's language and its calling code. */
export interface AreaCodeOption {
  country: string;
  dial: string;
  name: string;
  /** The English name too, so "Egypt" finds مصر for a reader who types in Latin letters. */
  englishName: string;
}

function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

const cache = new Map<string, readonly AreaCodeOption[]>();

/** Every country of the contract's list, named and sorted for `locale`. */
export function areaCodeOptions(locale: string): readonly AreaCodeOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const local = regionNames(locale);
  const english = regionNames('en');
  const collator = new Intl.Collator(locale);
  const options = AREA_CODES.map(([country, dial]) => ({
    country,
    dial,
    name: local(country),
    englishName: english(country),
  })).sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, options);
  return options;
}

/** Lower case without accents, so "cote" finds "Côte d’Ivoire". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * Filters by country name (the reader's language or English, any word start or substring), ISO
 * code, or calling code (`+44`, `44`, `0044`). Calling-code searches list exact matches first.
 */
export function searchAreaCodes(
  options: readonly AreaCodeOption[],
  query: string,
): readonly AreaCodeOption[] {
  const text = query.trim();
  if (!text) return options;
  const digits = text.replace(/^(\+|00)/, '').replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    return options
      .filter((option) => option.dial.startsWith(digits))
      .sort((a, b) => Number(a.dial !== digits) - Number(b.dial !== digits));
  }
  const needle = fold(text);
  const matches = options.filter(
    (option) =>
      fold(option.name).includes(needle) ||
      fold(option.englishName).includes(needle) ||
      option.country.toLowerCase() === needle,
  );
  // Names that start with the text come first ("in": India before Finland).
  const starts = (option: AreaCodeOption) =>
    fold(option.name).startsWith(needle) || fold(option.englishName).startsWith(needle);
  return matches.sort((a, b) => Number(!starts(a)) - Number(!starts(b)));
}

/** The reader's own country as the first guess (from the browser's language tag), else none. */
export function guessCountry(languages: readonly string[]): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && AREA_CODES.some(([country]) => country === region)) return region;
    } catch {
      // Not a valid tag; try the next.
    }
  }
  return null;
}

/** `guessCountry` from this browser's preferred languages. */
export function browserCountry(): string | null {
  return typeof navigator === 'undefined'
    ? null
    : guessCountry(navigator.languages ?? [navigator.language]);
}
