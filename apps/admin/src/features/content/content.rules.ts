import type { MessageKey } from '../../i18n/en';
import { BODY_MAX, SLUG_MAX, SLUG_PATTERN, TITLE_MAX } from './content.model';

export function slugError(slug: string): MessageKey | undefined {
  if (!slug) return 'content.errors.slugRequired';
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) return 'content.errors.slugFormat';
  return undefined;
}

export function titleError(title: string): MessageKey | undefined {
  const trimmed = title.trim();
  if (!trimmed) return 'content.errors.titleRequired';
  if (trimmed.length > TITLE_MAX) return 'content.errors.titleTooLong';
  return undefined;
}

export function bodyError(body: string): MessageKey | undefined {
  return body.length > BODY_MAX ? 'content.errors.bodyTooLong' : undefined;
}
