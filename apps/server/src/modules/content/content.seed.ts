import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentKind, ContentType, FaqCategory } from '@swx/contract';
import { DEFAULT_LOCALE, LOCALE_CODES } from '@swx/i18n';
import { z } from 'zod';
import type { Executor } from '../../platform/db';
import { serverRoot } from '../../platform/paths';
import { insertItem, insertTranslationIfMissing, selectItemBySlug } from './content.repo';
import { sanitizeBody } from './content.rules';

const ReferenceFile = z.object({
  items: z.array(
    z.object({
      slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      kind: ContentKind,
      type: ContentType.optional(),
      category: FaqCategory.optional(),
      sort: z.number().int().optional(),
      publishedAt: z.iso.datetime().optional(),
      title: z.string().min(1),
      body: z.string().min(1),
    }),
  ),
});

const TranslationFile = z.object({
  items: z.record(z.string(), z.object({ title: z.string().min(1), body: z.string().min(1) })),
});

export function seedDirectory(): string {
  return join(serverRoot(), 'src', 'modules', 'content', 'seed');
}

/**
 * Adds the shipped help-centre and footer content: items missing by slug (published), and any
 * language version that is missing. Never replaces what staff have edited.
 */
export async function seedContent(db: Executor, dir = seedDirectory()): Promise<void> {
  const referencePath = join(dir, `${DEFAULT_LOCALE}.json`);
  if (!existsSync(referencePath)) return;
  const reference = ReferenceFile.parse(JSON.parse(readFileSync(referencePath, 'utf8')));
  const ids = new Map<string, number>();
  for (const entry of reference.items) {
    const item =
      (await insertItem(db, {
        slug: entry.slug,
        kind: entry.kind,
        type: entry.kind === 'page' ? (entry.type ?? 3) : null,
        category: entry.kind === 'faq' ? (entry.category ?? 'account') : null,
        sort: entry.sort ?? 100,
        status: 'published',
        publishedAt: entry.publishedAt ? new Date(entry.publishedAt) : new Date(),
      })) ?? (await selectItemBySlug(db, entry.slug));
    if (!item) continue;
    ids.set(entry.slug, item.id);
    await insertTranslationIfMissing(db, {
      itemId: item.id,
      locale: DEFAULT_LOCALE,
      title: entry.title,
      body: sanitizeBody(entry.body),
    });
  }
  for (const locale of LOCALE_CODES) {
    const path = join(dir, `${locale}.json`);
    if (locale === DEFAULT_LOCALE || !existsSync(path)) continue;
    const file = TranslationFile.parse(JSON.parse(readFileSync(path, 'utf8')));
    for (const [slug, text] of Object.entries(file.items)) {
      const itemId = ids.get(slug);
      if (itemId === undefined) continue;
      await insertTranslationIfMissing(db, {
        itemId,
        locale,
        title: text.title,
        body: sanitizeBody(text.body),
      });
    }
  }
}
