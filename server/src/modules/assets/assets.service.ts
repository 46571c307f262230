import {
  ASSET_ITEM_TYPE,
  ASSET_TEXTS,
  normalizedSection,
  type TAsset,
  type TAssetInput,
  type TAssetPage,
  type TAssetPatchInput,
  type TAssetQuery,
  type TAssetSaved,
} from '@portal/shared/assets';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { requireMediaReader } from '../../storage/media-access.ts';
import { fileStagedUploads } from '../../storage/staged-uploads.ts';
import { ASSET_FILES, contentTypeOfAssetKey } from './asset-files.ts';
import { mayReadAsset, mayReadMembershipAssets } from './assets.policy.ts';
import {
  type AssetWithItems,
  deleteAssetItems,
  deleteAssetRow,
  findAsset,
  findAssetOfFile,
  findAssetPage,
  insertAsset,
  insertAssetItems,
  updateAssetRow,
} from './assets.repository.ts';

export type AssetsDeps = {
  db: Db;
  storage: FileStorage;
  /** The secret of short-lived file links (shared with the documents' media links). */
  mediaSecret(): Promise<string>;
};

export function assetJson({ asset, items }: AssetWithItems, secret: string): TAsset {
  return {
    id: asset.id,
    asset_name: asset.name,
    description: asset.description,
    membership_ids: asset.membershipIds.join(','),
    sections: asset.sections.map((url) => ({ url })),
    assets: items.map((item) => ({
      id: item.id,
      type: item.type === ASSET_ITEM_TYPE.file ? ASSET_ITEM_TYPE.file : ASSET_ITEM_TYPE.link,
      name: item.name,
      path: item.type === ASSET_ITEM_TYPE.file ? item.path.replace(/^assets\//, '') : item.path,
      url: item.type === ASSET_ITEM_TYPE.file ? ASSET_FILES.signedPath(secret, item.path) : item.path,
      content_type: item.contentType,
    })),
    updated_at: asset.updatedAt.toISOString(),
  };
}

async function pageJson(
  deps: AssetsDeps,
  page: { count: number; rows: AssetWithItems[] },
): Promise<TAssetPage> {
  const secret = await deps.mediaSecret();
  return { count: page.count, results: page.rows.map((row) => assetJson(row, secret)) };
}

/** GET /api/admin/assets/: every asset, newest first, the filter box searched in SQL. */
export async function listAssets(deps: AssetsDeps, query: TAssetQuery): Promise<TAssetPage> {
  return pageJson(deps, await findAssetPage(deps.db, { search: query.search }, query));
}

/** GET /api/v1/assets/subscription/{id}/: the resource center of one account type. */
export async function listMembershipAssets(
  deps: AssetsDeps,
  actor: Actor,
  membershipId: number,
  query: TAssetQuery,
): Promise<TAssetPage> {
  if (!mayReadMembershipAssets(actor, membershipId)) throw forbidden(ASSET_TEXTS.notYourAssets);
  return pageJson(deps, await findAssetPage(deps.db, { search: query.search, membershipId }, query));
}

/** POST /api/v1/assets/subscription/{id}/section/: what the resource panel suggests on one page. */
export async function listSectionAssets(
  deps: AssetsDeps,
  actor: Actor,
  membershipId: number,
  url: string,
): Promise<TAsset[]> {
  if (!mayReadMembershipAssets(actor, membershipId)) throw forbidden(ASSET_TEXTS.notYourAssets);
  const page = await findAssetPage(
    deps.db,
    { membershipId, section: normalizedSection(url) },
    { limit: 50, offset: 0 },
  );
  return (await pageJson(deps, page)).results;
}

export async function getAsset(deps: AssetsDeps, actor: Actor, id: number): Promise<TAsset> {
  const found = await findAsset(deps.db, id);
  if (!found) throw notFound('Asset not found.');
  if (!mayReadAsset(actor, found.asset)) throw forbidden(ASSET_TEXTS.notYourAssets);
  return assetJson(found, await deps.mediaSecret());
}

type FiledUpload = { key: string; name: string };

/** The form's staged uploads, filed under assets/ (each must be the caller's own). */
async function fileAssetUploads(deps: AssetsDeps, actor: Actor, files: TAssetInput['files']) {
  const filed: FiledUpload[] = files.map((file) => ({
    key: ASSET_FILES.keyOfFile(file.tmp_file.split('/').pop() ?? ''),
    name: file.name,
  }));
  const { undo } = await fileStagedUploads(
    deps,
    actor.id,
    files.map((file, index) => ({
      field: `files.${index}.tmp_file`,
      staged: file.tmp_file,
      target: filed[index].key,
    })),
  );
  return { filed, undo };
}

async function insertItems(tx: Db, assetId: number, body: Pick<TAssetInput, 'links'>, filed: FiledUpload[]) {
  const rows = [
    ...body.links.map((link) => ({ assetId, type: ASSET_ITEM_TYPE.link, name: link.name, path: link.path })),
    ...filed.map((file) => ({
      assetId,
      type: ASSET_ITEM_TYPE.file,
      name: file.name,
      path: file.key,
      contentType: contentTypeOfAssetKey(file.key),
    })),
  ];
  await insertAssetItems(tx, rows);
}

/** POST /api/v1/assets/ ('Asset has been Created!'). */
export async function createAsset(
  deps: AssetsDeps,
  actor: Actor,
  body: TAssetInput,
  context: RequestContext,
): Promise<TAssetSaved> {
  const { filed, undo } = await fileAssetUploads(deps, actor, body.files);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const row = await insertAsset(tx, {
        name: body.asset_name,
        description: body.description,
        membershipIds: body.membership_ids,
        sections: [...new Set(body.sections.map((s) => s.url))],
      });
      await insertItems(tx, row.id, body, filed);
      await recordAudit(tx, identityOf(actor, context), {
        action: 'asset.created',
        detail: { asset_id: row.id, name: body.asset_name },
      });
      return row.id;
    });
    return { id, message: ASSET_TEXTS.created, data: await getAsset(deps, actor, id) };
  } catch (error) {
    await undo();
    throw error;
  }
}

/** PATCH /api/v1/assets/{id}/ ('Asset data has been Updated!'): fields replaced, items added and removed. */
export async function updateAsset(
  deps: AssetsDeps,
  actor: Actor,
  id: number,
  body: TAssetPatchInput,
  context: RequestContext,
): Promise<TAssetSaved> {
  if (!(await findAsset(deps.db, id))) throw notFound('Asset not found.');
  const { filed, undo } = await fileAssetUploads(deps, actor, body.files);
  let removedFiles: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const current = await findAsset(tx, id, { forUpdate: true });
      if (!current) throw notFound('Asset not found.');
      const removing = current.items.filter((item) => body.assets_remove.includes(item.id));
      if (removing.length !== new Set(body.assets_remove).size) {
        throw badRequest('Some of the items to remove are not part of this asset.');
      }
      await deleteAssetItems(
        tx,
        id,
        removing.map((item) => item.id),
      );
      removedFiles = removing.filter((item) => item.type === ASSET_ITEM_TYPE.file).map((item) => item.path);
      // Only the fields the PATCH names.
      await updateAssetRow(tx, id, {
        name: body.asset_name,
        description: body.description,
        membershipIds: body.membership_ids,
        sections: body.sections && [...new Set(body.sections.map((s) => s.url))],
      });
      await insertItems(tx, id, body, filed);
      await recordAudit(tx, identityOf(actor, context), {
        action: 'asset.updated',
        detail: {
          asset_id: id,
          before: { name: current.asset.name, membership_ids: current.asset.membershipIds },
          after: {
            name: body.asset_name ?? current.asset.name,
            membership_ids: body.membership_ids ?? current.asset.membershipIds,
          },
          removed_items: body.assets_remove,
          added_items: body.links.length + filed.length,
        },
      });
    });
  } catch (error) {
    await undo();
    throw error;
  }
  await Promise.all(removedFiles.map((key) => deps.storage.delete(key).catch(() => {})));
  return { id, message: ASSET_TEXTS.updated, data: await getAsset(deps, actor, id) };
}

/**
 * GET /media/assets/{file}: an asset's file for the account types it is aimed at and admins, or the
 * holder of a signed link; 404 after that when no asset has this file.
 */
export async function openAssetFile(
  deps: AssetsDeps,
  actor: Actor | null,
  file: string,
  query: { expires?: number; signature?: string },
): Promise<{ key: string; contentType: string }> {
  const key = ASSET_FILES.keyOfFile(file);
  const asset = await findAssetOfFile(deps.db, key);
  await requireMediaReader({
    folder: ASSET_FILES,
    key,
    query,
    actor,
    secret: deps.mediaSecret,
    mayRead: (reader) => asset === null || mayReadAsset(reader, asset),
  });
  if (!asset) throw notFound('Asset not found.');
  return { key, contentType: contentTypeOfAssetKey(key) };
}

/** DELETE /api/v1/assets/{id}/: the asset, its items and then its files. */
export async function deleteAsset(deps: AssetsDeps, actor: Actor, id: number, context: RequestContext) {
  const files = await deps.db.transaction(async (tx) => {
    const current = await findAsset(tx, id, { forUpdate: true });
    if (!current) throw notFound('Asset not found.');
    await deleteAssetRow(tx, id);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'asset.deleted',
      detail: { asset_id: id, name: current.asset.name },
    });
    return current.items.filter((item) => item.type === ASSET_ITEM_TYPE.file).map((item) => item.path);
  });
  await Promise.all(files.map((key) => deps.storage.delete(key).catch(() => {})));
  return { message: ASSET_TEXTS.removed };
}
