import { z } from 'zod';
import { envelope, pageOf, PageQuery } from './common';
import { route } from './route';

/** Page types of the specification: 1 company, 2 policy, 3 other (footer). */
export const ContentType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ContentType = z.infer<typeof ContentType>;

/** The only markup content may carry: structure and emphasis, links, simple tables. */
export const CONTENT_ALLOWED_TAGS = [
  'h2',
  'h3',
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

export const ContentKind = z.enum(['page', 'faq', 'notice']);
export type ContentKind = z.infer<typeof ContentKind>;

/** FAQ categories; their labels are UI text (namespace `help`, key `categories.<id>`). */
export const FaqCategory = z.enum([
  'account',
  'security',
  'funding',
  'trading',
  'earn_loans',
  'demo',
]);
export type FaqCategory = z.infer<typeof FaqCategory>;

export const ContentSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: ContentType.nullable(),
  title: z.string(),
});
export type ContentSummary = z.infer<typeof ContentSummary>;

export const ContentDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: ContentKind,
  type: ContentType.nullable(),
  category: FaqCategory.nullable(),
  title: z.string(),
  /** Sanitised HTML (a small whitelist of tags, no scripts, styles or event handlers). */
  body: z.string(),
  /** The language this version is in: the caller's, or English when not yet translated. */
  locale: z.string(),
  publishedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type ContentDetail = z.infer<typeof ContentDetail>;

export const FaqEntry = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export const FaqGroup = z.object({ category: FaqCategory, items: z.array(FaqEntry) });
export type FaqGroup = z.infer<typeof FaqGroup>;

export const NoticeSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first sentences of the body as plain text. */
  summary: z.string(),
  publishedAt: z.iso.datetime(),
});
export type NoticeSummary = z.infer<typeof NoticeSummary>;

/** GET /swx/customer/index/listContents/{type}: published pages of one type, in the caller's language. */
export const listContents = route({
  method: 'GET',
  path: '/swx/customer/index/listContents/:type',
  params: z.object({ type: z.coerce.number().pipe(ContentType) }),
  reply: envelope(z.array(ContentSummary)),
});

/** GET /swx/customer/index/getContentsById/{id}: one published item (page, FAQ entry or notice). */
export const getContentsById = route({
  method: 'GET',
  path: '/swx/customer/index/getContentsById/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  reply: envelope(ContentDetail),
});

/** GET /swx/customer/index/listFaq?q=: FAQ entries by category; `q` searches titles and bodies. */
export const listFaq = route({
  method: 'GET',
  path: '/swx/customer/index/listFaq',
  query: z.object({ q: z.string().trim().max(100).optional() }),
  reply: envelope(z.array(FaqGroup)),
});

/** GET /swx/customer/index/listNotices: published notices, newest first. */
export const listNotices = route({
  method: 'GET',
  path: '/swx/customer/index/listNotices',
  query: PageQuery,
  reply: envelope(pageOf(NoticeSummary)),
});
