import { and, arrayContains, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { assetItems, assets } from '../../db/schema/assets.ts';

export type AssetRow = typeof assets.$inferSelect;
export type AssetItemRow = typeof assetItems.$inferSelect;
export type AssetWithItems = { asset: AssetRow; items: AssetItemRow[] };

export type AssetFilters = { search?: string; membershipId?: number; section?: string };

function filterConditions(filters: AssetFilters): SQL | undefined {
  const term = filters.search?.trim();
  return and(
    term ? sql`${assets.searchText} like ${containsPattern(term)}` : undefined,
    filters.membershipId === undefined
      ? undefined
      : arrayContains(assets.membershipIds, [filters.membershipId]),
    filters.section === undefined ? undefined : arrayContains(assets.sections, [filters.section]),
  );
}

async function withItems(db: Db, rows: AssetRow[]): Promise<AssetWithItems[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(assetItems)
    .where(
      inArray(
        assetItems.assetId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(assetItems.id));
  return rows.map((asset) => ({ asset, items: items.filter((item) => item.assetId === asset.id) }));
}

/** Newest first, paged, searched and narrowed (account type, page) in SQL on the GIN indexes. */
export async function findAssetPage(
  db: Db,
  filters: AssetFilters,
  page: PageRequest,
): Promise<{ count: number; rows: AssetWithItems[] }> {
  const result = await findPage(
    () =>
      db
        .select({ asset: assets, totalRows })
        .from(assets)
        .where(filterConditions(filters))
        .orderBy(desc(assets.updatedAt), desc(assets.id)),
    page,
  );
  return {
    count: result.count,
    rows: await withItems(
      db,
      result.rows.map((row) => row.asset),
    ),
  };
}

export async function findAsset(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(assets).where(eq(assets.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ? (await withItems(db, [row]))[0] : null;
}

/** The asset whose file is stored at `key` (the media route's access check). */
export async function findAssetOfFile(db: Db, key: string): Promise<AssetRow | null> {
  const [row] = await db
    .select({ asset: assets })
    .from(assetItems)
    .innerJoin(assets, eq(assets.id, assetItems.assetId))
    .where(and(eq(assetItems.path, key), eq(assetItems.type, 2)))
    .limit(1);
  return row?.asset ?? null;
}

export type NewAsset = Pick<
  typeof assets.$inferInsert,
  'name' | 'description' | 'membershipIds' | 'sections'
>;

export async function insertAsset(db: Db, values: NewAsset): Promise<{ id: number }> {
  const [row] = await db.insert(assets).values(values).returning({ id: assets.id });
  return row;
}

/** Only the fields given (Drizzle leaves out the undefined ones); updated_at is now. */
export async function updateAssetRow(db: Db, id: number, changes: Partial<NewAsset>): Promise<void> {
  await db
    .update(assets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(assets.id, id));
}

/** Deletes the asset; its items go with it (ON DELETE CASCADE). */
export async function deleteAssetRow(db: Db, id: number): Promise<void> {
  await db.delete(assets).where(eq(assets.id, id));
}

export async function insertAssetItems(db: Db, items: (typeof assetItems.$inferInsert)[]): Promise<void> {
  if (items.length > 0) await db.insert(assetItems).values(items);
}

export async function deleteAssetItems(db: Db, assetId: number, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.delete(assetItems).where(and(eq(assetItems.assetId, assetId), inArray(assetItems.id, itemIds)));
}
