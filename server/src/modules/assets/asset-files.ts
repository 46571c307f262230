import { MediaFolder } from '../../storage/media-folder.ts';

/** Asset files: stored under `assets/`, served at `/media/assets/{file}`. */
export const ASSET_FILES = new MediaFolder('assets/', '/media/assets/');

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

/** A stored file's type, from the extension the upload gave it after reading its bytes. */
export function contentTypeOfAssetKey(key: string): string {
  const extension = key.split('.').pop();
  const found = Object.entries(ASSET_FILE_TYPES.extensions).find(([, ext]) => ext === extension);
  return found?.[0] ?? 'application/octet-stream';
}
