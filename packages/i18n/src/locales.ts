/** The product's languages, English first (the default and the reference catalogue). */
export const LOCALES = [
  { code: 'en', dir: 'ltr', name: 'English' },
  { code: 'ja', dir: 'ltr', name: '日本語' },
  { code: 'ko', dir: 'ltr', name: '한국어' },
  { code: 'de', dir: 'ltr', name: 'Deutsch' },
  { code: 'fr', dir: 'ltr', name: 'Français' },
  { code: 'it', dir: 'ltr', name: 'Italiano' },
  { code: 'es', dir: 'ltr', name: 'Español' },
  { code: 'pt', dir: 'ltr', name: 'Português' },
  { code: 'ar', dir: 'rtl', name: 'العربية' },
  { code: 'zh-TW', dir: 'ltr', name: '繁體中文' },
  { code: 'zh-CN', dir: 'ltr', name: '简体中文' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);

export function isLocale(value: string): value is Locale {
  return (LOCALE_CODES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return LOCALES.find((l) => l.code === locale)?.dir ?? 'ltr';
}

const TRADITIONAL_CHINESE = new Set(['zh-tw', 'zh-hk', 'zh-mo', 'zh-hant']);

/** Maps one BCP 47 tag to a product locale, or undefined when none fits. */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower) return undefined;
  const exact = LOCALE_CODES.find((c) => c.toLowerCase() === lower);
  if (exact) return exact;
  const parts = lower.split('-');
  if (parts[0] === 'zh') {
    const traditional =
      parts.some((_, i) => TRADITIONAL_CHINESE.has(parts.slice(0, i + 1).join('-'))) ||
      TRADITIONAL_CHINESE.has(`zh-${parts[1] ?? ''}`);
    return traditional ? 'zh-TW' : 'zh-CN';
  }
  return LOCALE_CODES.find((c) => c === parts[0]);
}

/**
 * Picks the reply language: an explicit `lang` wins, then the Accept-Language list by quality,
 * then English.
 */
export function negotiateLocale(
  lang: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (lang) {
    const chosen = matchLocale(lang);
    if (chosen) return chosen;
  }
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        const quality = q ? Number.parseFloat(q.slice(2)) : 1;
        return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
      })
      .filter((entry) => entry.quality > 0 && entry.tag !== '*')
      .sort((a, b) => b.quality - a.quality || a.index - b.index);
    for (const entry of ranked) {
      const chosen = matchLocale(entry.tag);
      if (chosen) return chosen;
    }
  }
  return DEFAULT_LOCALE;
}
