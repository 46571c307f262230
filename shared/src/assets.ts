import { z } from 'zod';
import { zRequiredText, zText } from './form-fields.ts';
import { ALL_MEMBERSHIPS } from './memberships.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * Resource-center assets (part 2 §2 Assets Manager and Resource Center, §3 Asset, §5, §6, §7, §8): a
 * named set of links and uploaded files, aimed at account types and suggested on pages.
 */

export const ASSET_TEXTS = {
  listTitle: 'Asset List',
  add: 'Add Asset',
  edit: 'Edit Asset',
  created: 'Asset has been Created!',
  updated: 'Asset data has been Updated!',
  removed: 'Asset has been removed.',
  removeConfirm: 'Are you sure you want to remove this Asset?',
  linkPathRequired: 'Each link needs a path',
  fileNameRequired: 'Each file needs a name',
  notYourAssets: 'You can see only the assets of your own account type.',
} as const;

/** The floating button of every signed-in page and its panel (part 1 §2, layout). */
export const RESOURCE_CENTER_TEXTS = {
  button: 'Resource Center',
  none: "This page doesn't have any suggested resources yet",
  /** The support contact the panel names (with or without suggestions). */
  supportEmail: 'support@example.com',
} as const;

/** Item types (part 2 §3): 1 an external link, 2 an uploaded file. */
export const ASSET_ITEM_TYPE = { link: 1, file: 2 } as const;
/** Most links, files and sections one asset holds (a guard against runaway forms). */
export const MAX_ASSET_ITEMS = 50;

export const ZAssetItem = z.object({
  id: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  /** A link's URL, or a file's path under media/assets/. */
  path: z.string(),
  /** Where to open it: the link itself, or a short-lived signed link to the file. */
  url: z.string(),
  content_type: z.string(),
});
export type TAssetItem = z.infer<typeof ZAssetItem>;

export const ZAsset = z.object({
  id: z.number().int(),
  asset_name: z.string(),
  description: z.string(),
  /** Account types it is aimed at, as the spec's comma list. */
  membership_ids: z.string(),
  sections: z.array(z.object({ url: z.string() })),
  assets: z.array(ZAssetItem),
  updated_at: z.string(),
});
export type TAsset = z.infer<typeof ZAsset>;
export const ZAssetPage = zPage(ZAsset);
export type TAssetPage = z.infer<typeof ZAssetPage>;

export const ZAssetQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 500).default(PAGE_SIZE.default),
  search: z.string().trim().max(100).optional(),
});
export type TAssetQuery = z.infer<typeof ZAssetQuery>;

/** A page's path as sections keep it: no query, no trailing slash (but '/'), lower case. */
export function normalizedSection(path: string): string {
  const bare = path.trim().split(/[?#]/)[0].toLowerCase().replace(/\/+$/, '');
  return bare.startsWith('/') ? bare : `/${bare}`;
}

const ZSection = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'A section needs a page path')
    .max(200, 'At most 200 characters')
    .regex(/^\/?[A-Za-z0-9/_-]*$/, 'A section is a page path such as /dashboard')
    .transform(normalizedSection),
});

const ZMembershipList = z
  .string()
  .trim()
  .regex(/^(\d{1,2}(\s*,\s*\d{1,2})*)?$/, 'A comma list of account types')
  .transform((text) => (text === '' ? [] : [...new Set(text.split(',').map((id) => Number(id.trim())))]))
  .refine((ids) => ids.every((id) => (ALL_MEMBERSHIPS as number[]).includes(id)), 'Unknown account type');

const ZLinkInput = z.object({
  name: zText(150).default(''),
  path: z
    .string()
    .trim()
    .min(1, ASSET_TEXTS.linkPathRequired)
    .max(1000, 'At most 1000 characters')
    .refine((value) => /^https?:\/\/\S+$/i.test(value), 'Enter a link starting with https://'),
});
/** Part 2 §5: each file needs a name. */
export const ZAssetFileName = zText(150).min(1, ASSET_TEXTS.fileNameRequired);
const ZFileInput = z.object({
  name: ZAssetFileName,
  /** The key assets/process-file/ answered. */
  tmp_file: z.string().trim().min(1, 'Upload the file').max(300),
});

/** POST /api/v1/assets/ and PATCH /api/v1/assets/{id}/ (part 2 §3: the form's fields). */
export const ZAssetBody = z.object({
  asset_name: zRequiredText('Name'),
  description: zRequiredText('Description', 2000),
  membership_ids: ZMembershipList.default([]),
  sections: z.array(ZSection).max(MAX_ASSET_ITEMS).default([]),
  links: z.array(ZLinkInput).max(MAX_ASSET_ITEMS).default([]),
  files: z.array(ZFileInput).max(MAX_ASSET_ITEMS).default([]),
  /** Ids of the asset's items to remove (PATCH). */
  assets_remove: z
    .array(z.number().int().positive())
    .max(MAX_ASSET_ITEMS * 2)
    .default([]),
});
export type TAssetBody = z.input<typeof ZAssetBody>;
export type TAssetInput = z.output<typeof ZAssetBody>;
/**
 * PATCH /api/v1/assets/{id}/: the fields it names change (name, description, account types,
 * sections); links and files are added and assets_remove removed, as in the form.
 */
export const ZAssetPatchBody = ZAssetBody.extend({
  asset_name: ZAssetBody.shape.asset_name.optional(),
  description: ZAssetBody.shape.description.optional(),
  membership_ids: ZAssetBody.shape.membership_ids.unwrap().optional(),
  sections: ZAssetBody.shape.sections.unwrap().optional(),
});
export type TAssetPatchInput = z.output<typeof ZAssetPatchBody>;

export const ZAssetSaved = z.object({ id: z.number().int(), message: z.string(), data: ZAsset });
export type TAssetSaved = z.infer<typeof ZAssetSaved>;

/** POST /api/v1/assets/subscription/{id}/section/: the assets of one page for one account type. */
export const ZAssetSectionBody = z.object({ url: z.string().trim().min(1).max(500) });
