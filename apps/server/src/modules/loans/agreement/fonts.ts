import { createRequire } from 'node:module';
import type { Locale } from '@swx/i18n';
import * as fontkit from 'fontkit';

/**
 * The agreement's fonts, from npm packages so that a fresh machine renders every language with
 * nothing installed: Noto Sans (Latin), Tajawal (Arabic: each letter form is its own glyph, so text extraction gives the letters back), and the four CJK Noto Sans families so
 * that Japanese, Korean and both Chinese scripts use their own glyph forms.
 */
const FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  arabic: '@expo-google-fonts/tajawal/400Regular/Tajawal_400Regular.ttf',
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  kr: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  tc: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
} as const;

export type FontName = keyof typeof FILES;

const require = createRequire(import.meta.url);
const paths = new Map<FontName, string>();
const coverage = new Map<FontName, fontkit.Font>();

export function fontPath(name: FontName): string {
  let path = paths.get(name);
  if (!path) {
    path = require.resolve(FILES[name]);
    paths.set(name, path);
  }
  return path;
}

/**
 * The font parsed once for the process: pdfkit takes it as it is (each document still makes its
 * own subset), instead of reading and parsing the file again for every document.
 */
export function parsed(name: FontName): fontkit.Font {
  let font = coverage.get(name);
  if (!font) {
    font = fontkit.openSync(fontPath(name)) as fontkit.Font;
    coverage.set(name, font);
  }
  return font;
}

/** Whether the font draws this code point (the parsed fonts are kept for the process). */
export function covers(name: FontName, codePoint: number): boolean {
  return parsed(name).hasGlyphForCodePoint(codePoint);
}

/** The glyphs fontkit shapes the text into, as pdfkit does, with the code points of each. */
export function layoutOf(name: FontName, text: string): { id: number; codePoints: number[] }[] {
  return parsed(name)
    .layout(text)
    .glyphs.map((g) => ({ id: g.id, codePoints: g.codePoints }));
}

/** The fonts tried for a language, its own first; the others catch names written in other scripts. */
export function fontChain(locale: Locale): FontName[] {
  const first: Record<Locale, FontName> = {
    en: 'latin',
    de: 'latin',
    fr: 'latin',
    it: 'latin',
    es: 'latin',
    pt: 'latin',
    ar: 'arabic',
    ja: 'jp',
    ko: 'kr',
    'zh-CN': 'sc',
    'zh-TW': 'tc',
  };
  const own = first[locale];
  const rest: FontName[] = ['latin', 'arabic', 'sc', 'tc', 'jp', 'kr'];
  return [own, ...rest.filter((f) => f !== own)];
}
