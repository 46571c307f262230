import { signUrlPath, verifySignedUrlPath } from '../../storage/signed-urls.ts';

/** Asset files live under this storage prefix; the media route serves `/media/assets/{file}`. */
const ASSET_PREFIX = 'assets/';
/** A file link works this long without the session (a new tab from the resource center). */
export const ASSET_URL_TTL_SECONDS = 60 * 60;
export const ASSET_FILE_PATTERN = /^[A-Za-z0-9_-]{1,64}(\.[a-z0-9]{1,5})?$/;

/** What an asset file may be (read from its first bytes): documents, pictures, short videos. */
export const ASSET_FILE_TYPES = {
  extensions: {
    'application/pdf': 'pdf',
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/webp': 'webp',
    'video/mp4': 'mp4',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  } as Record<string, string>,
  refusal:
    'Please choose a PDF, an image (PNG, JPEG, WebP), an MP4 video or a Word, Excel or PowerPoint file.',
};

export function assetKey(stagedKey: string): string {
  return `${ASSET_PREFIX}${stagedKey.split('/').pop()}`;
}

export function assetKeyOfFile(file: string): string {
  return `${ASSET_PREFIX}${file}`;
}

export function assetMediaPath(key: string): string {
  return `/media/${key}`;
}

export function signedAssetPath(secret: string, key: string): string {
  return signUrlPath(secret, assetMediaPath(key), ASSET_URL_TTL_SECONDS);
}

export function isValidSignedAssetQuery(
  secret: string,
  key: string,
  query: Record<string, unknown>,
): boolean {
  return verifySignedUrlPath(secret, assetMediaPath(key), query);
}

/** A stored file's type, from the extension the upload gave it after reading its bytes. */
export function contentTypeOfAssetKey(key: string): string {
  const extension = key.split('.').pop();
  const found = Object.entries(ASSET_FILE_TYPES.extensions).find(([, ext]) => ext === extension);
  return found?.[0] ?? 'application/octet-stream';
}
