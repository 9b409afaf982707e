/** The back office's content and its outbox: help and news pages, and mail and SMS as sent. */
import { z } from 'zod';
import { IsoDateTime, PageQuery, envelope, pageOf } from './common';
import { UserLocale } from './user-enums';
import { ContentKind, ContentType, FaqCategory } from './content';
import { route } from './route';

/** The languages a page can be written in: the customer app's eleven. */
const Locale = UserLocale;

// ---- content (admin, support) ----

export const ContentStatus = z.enum(['draft', 'published']);

export const AdminContentItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: ContentKind,
  type: ContentType.nullable(),
  category: FaqCategory.nullable(),
  sort: z.number().int(),
  status: ContentStatus,
  publishedAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  /** English title (the reference language). */
  title: z.string(),
  /** Languages that have a version. */
  locales: z.array(Locale),
});
export type AdminContentItem = z.infer<typeof AdminContentItem>;

export const ContentTranslation = z.object({
  locale: Locale,
  title: z.string(),
  body: z.string(),
  updatedAt: IsoDateTime,
});

export const listAdminContents = route({
  method: 'GET',
  path: '/swx/admin/contents',
  query: z.object({ kind: ContentKind.optional() }),
  reply: envelope(z.array(AdminContentItem)),
});

export const getAdminContent = route({
  method: 'GET',
  path: '/swx/admin/contents/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(AdminContentItem.extend({ translations: z.array(ContentTranslation) })),
});

const Slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(64);

export const createContent = route({
  method: 'POST',
  path: '/swx/admin/contents',
  body: z.object({
    kind: ContentKind,
    slug: Slug,
    type: ContentType.nullable().default(null),
    category: FaqCategory.nullable().default(null),
    sort: z.number().int().min(0).max(10_000).default(100),
    /** The English version comes first; other languages are added as translations. */
    title: z.string().trim().min(1).max(200),
    body: z.string().max(100_000),
  }),
  reply: envelope(AdminContentItem),
});

export const updateContent = route({
  method: 'POST',
  path: '/swx/admin/contents/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    type: ContentType.nullable().optional(),
    category: FaqCategory.nullable().optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
    status: ContentStatus.optional(),
  }),
  reply: envelope(AdminContentItem),
});

/** Adds or replaces one language's version; the body is sanitised on the server. */
export const saveContentTranslation = route({
  method: 'POST',
  path: '/swx/admin/contents/:id/translations/:locale',
  params: z.object({ id: z.coerce.number().int().positive(), locale: Locale }),
  body: z.object({ title: z.string().trim().min(1).max(200), body: z.string().max(100_000) }),
  reply: envelope(ContentTranslation),
});

// ---- mail and SMS outbox (admin, support) ----

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  /** The text as sent; kept only when no provider is configured (the outbox is the delivery). */
  body: z.string().nullable(),
  status: z.enum(['outbox', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const listOutbox = route({
  method: 'GET',
  path: '/swx/admin/outbox',
  query: PageQuery.extend({ q: z.string().trim().max(254).optional() }),
  reply: envelope(pageOf(OutboxMessage)),
});
