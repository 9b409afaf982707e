import {
  type AdminContentItem,
  CONTENT_ALLOWED_TAGS,
  ContentKind,
  type ContentTranslation,
  type ContentType,
  FaqCategory,
} from '@swx/contract';
import { LOCALES } from '@swx/i18n';
import type { z } from 'zod';
import type { MessageKey } from '../../i18n/en';

export type ContentLocale = AdminContentItem['locales'][number];
export type Translation = z.infer<typeof ContentTranslation>;
export type ContentKindValue = z.infer<typeof ContentKind>;

/** The 11 product languages in catalogue order, with the direction their text runs in. */
export const CONTENT_LOCALES: readonly { code: ContentLocale; name: string; dir: 'ltr' | 'rtl' }[] =
  LOCALES;

export function localeInfo(code: ContentLocale) {
  return CONTENT_LOCALES.find((l) => l.code === code) ?? { code, name: code, dir: 'ltr' as const };
}

export const CONTENT_KINDS = ContentKind.options;
export const FAQ_CATEGORIES = FaqCategory.options;
export const CONTENT_TYPES = [1, 2, 3] as const satisfies readonly ContentType[];

/** What the server's sanitiser keeps; everything else is removed from a body. */
export const ALLOWED_TAGS = CONTENT_ALLOWED_TAGS;

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX = 64;
export const TITLE_MAX = 200;
export const BODY_MAX = 100_000;

export function kindTab(kind: ContentKindValue): MessageKey {
  return `content.tabs.${kind}`;
}

/** The type (pages) or category (FAQ) label; notices have neither. */
export function classification(
  item: Pick<AdminContentItem, 'kind' | 'type' | 'category'>,
): MessageKey | undefined {
  if (item.kind === 'page' && item.type !== null) return `content.type.${item.type}`;
  if (item.kind === 'faq' && item.category !== null) return `content.category.${item.category}`;
  return undefined;
}
