import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Help-centre and footer content: pages (type 1 company, 2 policy, 3 statements), FAQ, notices. */
export const contentItems = pgTable(
  'content_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    kind: text('kind', { enum: ['page', 'faq', 'notice'] }).notNull(),
    type: smallint('type'),
    category: text('category'),
    sort: integer('sort').notNull().default(100),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('content_kind_check', sql`${t.kind} in ('page', 'faq', 'notice')`),
    check('content_status_check', sql`${t.status} in ('draft', 'published')`),
    check('content_type_check', sql`(${t.kind} = 'page') = (${t.type} is not null)`),
    check('content_category_check', sql`(${t.kind} = 'faq') = (${t.category} is not null)`),
    index('content_kind_idx').on(t.kind, t.status),
  ],
);

/** One language's version of an item; English is the reference and the fallback. */
export const contentTranslations = pgTable(
  'content_translations',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => contentItems.id),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.locale] })],
);
