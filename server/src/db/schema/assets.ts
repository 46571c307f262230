import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Resource-center assets (part 2 §2-§3, §6, §7 Assets): a named set of links and files aimed at
 * account types (membership ids) and suggested on pages (sections: the pages' paths).
 */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    membershipIds: integer('membership_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Page paths ('/dashboard') where the resource panel suggests this asset. */
    sections: text('sections').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(name, '') || ' ' || coalesce(description, ''))`,
    ),
  },
  (t) => [
    index('assets_membership_ids_idx').using('gin', t.membershipIds),
    index('assets_sections_idx').using('gin', t.sections),
    index('assets_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('assets_created_idx').on(t.createdAt, t.id),
  ],
);

/** One link (type 1: an external URL) or uploaded file (type 2: a storage key) of an asset. */
export const assetItems = pgTable(
  'asset_items',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    name: text('name').notNull().default(''),
    /** The URL of a link, or the storage key of a file (`assets/<uuid>.<ext>`). */
    path: text('path').notNull(),
    contentType: text('content_type').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_items_asset_idx').on(t.assetId, t.id),
    index('asset_items_path_idx').on(t.path),
    check('asset_items_type_check', sql`${t.type} IN (1, 2)`),
  ],
);
