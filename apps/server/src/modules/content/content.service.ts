import {
  FaqCategory,
  type AdminContentItem,
  type ContentDetail,
  type ContentKind,
  type ContentSummary,
  type ContentType,
  type FaqGroup,
  type NoticeSummary,
} from '@swx/contract';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@swx/i18n';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordAudit, type StaffActor } from '../audit';
import {
  insertItem,
  selectAllItems,
  selectItem,
  selectPublishedItems,
  selectPublishedNoticePage,
  selectTranslations,
  updateItem,
  upsertTranslation,
  type ContentItemRow,
  type TranslationRow,
} from './content.repo';
import { sanitizeBody, summarize } from './content.rules';

/** Picks the caller's version of each item, or the English one when it has not been translated yet. */
async function versions(db: Executor, items: readonly ContentItemRow[], locale: Locale) {
  const rows = await selectTranslations(
    db,
    items.map((i) => i.id),
    locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE],
  );
  const byItem = new Map<number, TranslationRow>();
  for (const row of rows) {
    const current = byItem.get(row.itemId);
    if (!current || row.locale === locale) byItem.set(row.itemId, row);
  }
  return byItem;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listPages(
  db: Executor,
  type: ContentType,
  locale: Locale,
): Promise<ContentSummary[]> {
  const items = await selectPublishedItems(db, { kind: 'page', type });
  const texts = await versions(db, items, locale);
  return items.flatMap((item) => {
    const text = texts.get(item.id);
    return text ? [{ id: item.id, slug: item.slug, type, title: text.title }] : [];
  });
}

export async function getPublished(
  db: Executor,
  id: number,
  locale: Locale,
): Promise<ContentDetail> {
  const item = await selectItem(db, id);
  if (item?.status !== 'published') throw new AppError(10101);
  const text = (await versions(db, [item], locale)).get(item.id);
  if (!text) throw new AppError(10101);
  return {
    id: item.id,
    slug: item.slug,
    kind: item.kind,
    type: item.type as ContentType | null,
    category: item.category as FaqCategory | null,
    title: text.title,
    body: text.body,
    locale: text.locale,
    publishedAt: iso(item.publishedAt),
    updatedAt: (text.updatedAt > item.updatedAt ? text.updatedAt : item.updatedAt).toISOString(),
  };
}

/** Case-insensitive match on the title and the body's text, in the language shown. */
function matches(query: string, title: string, body: string): boolean {
  const q = query.toLocaleLowerCase();
  return (
    title.toLocaleLowerCase().includes(q) ||
    summarize(body, Number.MAX_SAFE_INTEGER).toLocaleLowerCase().includes(q)
  );
}

export async function listFaq(db: Executor, locale: Locale, query?: string): Promise<FaqGroup[]> {
  const items = await selectPublishedItems(db, { kind: 'faq' });
  const texts = await versions(db, items, locale);
  return FaqCategory.options.flatMap((category) => {
    const entries = items
      .filter((item) => item.category === category)
      .flatMap((item) => {
        const text = texts.get(item.id);
        if (!text || (query && !matches(query, text.title, text.body))) return [];
        return [{ id: item.id, title: text.title, body: text.body }];
      });
    return entries.length > 0 ? [{ category, items: entries }] : [];
  });
}

export async function listNotices(db: Executor, locale: Locale, page: number, pageSize: number) {
  const { rows, total } = await selectPublishedNoticePage(db, page, pageSize);
  const texts = await versions(db, rows, locale);
  const list: NoticeSummary[] = rows.flatMap((item) => {
    const text = texts.get(item.id);
    return text && item.publishedAt
      ? [
          {
            id: item.id,
            title: text.title,
            summary: summarize(text.body),
            publishedAt: item.publishedAt.toISOString(),
          },
        ]
      : [];
  });
  return { list, total, page, pageSize };
}

// ---- back office ----

async function toAdminItems(
  db: Executor,
  items: readonly ContentItemRow[],
): Promise<AdminContentItem[]> {
  const translations = await selectTranslations(
    db,
    items.map((i) => i.id),
  );
  return items.map((item) => {
    const own = translations.filter((t) => t.itemId === item.id);
    return {
      id: item.id,
      slug: item.slug,
      kind: item.kind,
      type: item.type as ContentType | null,
      category: item.category as FaqCategory | null,
      sort: item.sort,
      status: item.status,
      publishedAt: iso(item.publishedAt),
      updatedAt: item.updatedAt.toISOString(),
      title: own.find((t) => t.locale === DEFAULT_LOCALE)?.title ?? item.slug,
      locales: LOCALE_CODES.filter((l) => own.some((t) => t.locale === l)),
    };
  });
}

export async function adminListContents(db: Executor, kind?: ContentKind) {
  return toAdminItems(db, await selectAllItems(db, kind));
}

export async function adminGetContent(db: Executor, id: number) {
  const item = await selectItem(db, id);
  if (!item) throw new AppError(10101);
  const [summary] = await toAdminItems(db, [item]);
  const translations = await selectTranslations(db, [id]);
  if (!summary) throw new AppError(10101);
  return {
    ...summary,
    translations: LOCALE_CODES.flatMap((locale) => {
      const t = translations.find((x) => x.locale === locale);
      return t
        ? [{ locale, title: t.title, body: t.body, updatedAt: t.updatedAt.toISOString() }]
        : [];
    }),
  };
}

/** A page needs a type and no category; an FAQ entry a category and no type; a notice neither. */
function checkShape(kind: ContentKind, type: ContentType | null, category: FaqCategory | null) {
  const ok =
    kind === 'page'
      ? type !== null && category === null
      : kind === 'faq'
        ? category !== null && type === null
        : type === null && category === null;
  if (!ok) {
    throw new AppError(10100, {}, [
      {
        path: kind === 'page' ? 'type' : 'category',
        code: 'invalid_value',
        message: `does not fit a ${kind}`,
      },
    ]);
  }
}

export async function adminCreateContent(
  db: Db,
  actor: StaffActor,
  input: {
    kind: ContentKind;
    slug: string;
    type: ContentType | null;
    category: FaqCategory | null;
    sort: number;
    title: string;
    body: string;
  },
) {
  checkShape(input.kind, input.type, input.category);
  const id = await db.transaction(async (tx) => {
    const item = await insertItem(tx, {
      slug: input.slug,
      kind: input.kind,
      type: input.type,
      category: input.category,
      sort: input.sort,
      status: 'draft',
    });
    if (!item) throw new AppError(10117);
    await upsertTranslation(tx, {
      itemId: item.id,
      locale: DEFAULT_LOCALE,
      title: input.title,
      body: sanitizeBody(input.body),
      updatedBy: actor.staffId,
    });
    await recordAudit(tx, {
      ...actor,
      action: 'content.create',
      target: `content:${item.id}`,
      detail: { slug: input.slug, kind: input.kind },
    });
    return item.id;
  });
  const [created] = await toAdminItems(db, [(await selectItem(db, id)) as ContentItemRow]);
  if (!created) throw new AppError(10101);
  return created;
}

export async function adminUpdateContent(
  db: Db,
  actor: StaffActor,
  id: number,
  input: {
    type?: ContentType | null | undefined;
    category?: FaqCategory | null | undefined;
    sort?: number | undefined;
    status?: 'draft' | 'published' | undefined;
  },
) {
  await db.transaction(async (tx) => {
    const item = await selectItem(tx, id);
    if (!item) throw new AppError(10101);
    const type = input.type === undefined ? (item.type as ContentType | null) : input.type;
    const category =
      input.category === undefined ? (item.category as FaqCategory | null) : input.category;
    checkShape(item.kind, type, category);
    const publishing = input.status === 'published' && item.status !== 'published';
    await updateItem(tx, id, {
      type,
      category,
      sort: input.sort ?? item.sort,
      status: input.status ?? item.status,
      publishedAt: publishing ? (item.publishedAt ?? new Date()) : item.publishedAt,
    });
    await recordAudit(tx, {
      ...actor,
      action: 'content.update',
      target: `content:${id}`,
      detail: { ...input },
    });
  });
  const [updated] = await toAdminItems(db, [(await selectItem(db, id)) as ContentItemRow]);
  if (!updated) throw new AppError(10101);
  return updated;
}

export async function adminSaveTranslation(
  db: Db,
  actor: StaffActor,
  id: number,
  locale: Locale,
  input: { title: string; body: string },
) {
  return db.transaction(async (tx) => {
    if (!(await selectItem(tx, id))) throw new AppError(10101);
    const body = sanitizeBody(input.body);
    const row = await upsertTranslation(tx, {
      itemId: id,
      locale,
      title: input.title,
      body,
      updatedBy: actor.staffId,
    });
    await recordAudit(tx, {
      ...actor,
      action: 'content.translation.save',
      target: `content:${id}:${locale}`,
      detail: {
        title: input.title,
        bodyLength: body.length,
        sanitized: body !== input.body.trim(),
      },
    });
    return { locale, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() };
  });
}
