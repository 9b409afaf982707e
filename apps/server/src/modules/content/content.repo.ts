import type { ContentKind } from '@swx/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { contentItems, contentTranslations } from './content.tables';

export type ContentItemRow = typeof contentItems.$inferSelect;
export type TranslationRow = typeof contentTranslations.$inferSelect;

export async function selectPublishedItems(
  db: Executor,
  where: { kind: ContentKind; type?: number | undefined },
): Promise<ContentItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.kind, where.kind),
        eq(contentItems.status, 'published'),
        where.type === undefined ? undefined : eq(contentItems.type, where.type),
      ),
    )
    .orderBy(asc(contentItems.sort), asc(contentItems.id));
}

export async function selectPublishedNoticePage(db: Executor, page: number, pageSize: number) {
  const where = and(eq(contentItems.kind, 'notice'), eq(contentItems.status, 'published'));
  const rows = await db
    .select()
    .from(contentItems)
    .where(where)
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(contentItems).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function selectItem(db: Executor, id: number): Promise<ContentItemRow | undefined> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  return row;
}

export async function selectItemBySlug(
  db: Executor,
  slug: string,
): Promise<ContentItemRow | undefined> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.slug, slug)).limit(1);
  return row;
}

export async function selectAllItems(db: Executor, kind?: ContentKind): Promise<ContentItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(kind ? eq(contentItems.kind, kind) : undefined)
    .orderBy(asc(contentItems.kind), asc(contentItems.sort), asc(contentItems.id));
}

/** The versions of the given items in `locales` (typically the caller's language and English). */
export async function selectTranslations(
  db: Executor,
  itemIds: readonly number[],
  locales?: readonly string[],
): Promise<TranslationRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(contentTranslations)
    .where(
      and(
        inArray(contentTranslations.itemId, [...itemIds]),
        locales ? inArray(contentTranslations.locale, [...locales]) : undefined,
      ),
    );
}

export async function insertItem(
  db: Executor,
  values: typeof contentItems.$inferInsert,
): Promise<ContentItemRow | undefined> {
  const [row] = await db.insert(contentItems).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateItem(
  db: Executor,
  id: number,
  values: Partial<typeof contentItems.$inferInsert>,
) {
  const [row] = await db
    .update(contentItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentItems.id, id))
    .returning();
  return row;
}

export async function upsertTranslation(
  db: Executor,
  values: typeof contentTranslations.$inferInsert,
) {
  const [row] = await db
    .insert(contentTranslations)
    .values(values)
    .onConflictDoUpdate({
      target: [contentTranslations.itemId, contentTranslations.locale],
      set: {
        title: values.title,
        body: values.body,
        updatedAt: sql`now()`,
        updatedBy: values.updatedBy ?? null,
      },
    })
    .returning();
  if (!row) throw new Error('translation upsert returned no row');
  await db
    .update(contentItems)
    .set({ updatedAt: new Date() })
    .where(eq(contentItems.id, values.itemId));
  return row;
}

/** Seed only: adds a version that is missing, never replacing one that staff have written. */
export async function insertTranslationIfMissing(
  db: Executor,
  values: typeof contentTranslations.$inferInsert,
) {
  await db.insert(contentTranslations).values(values).onConflictDoNothing();
}
