import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { MediaFolder } from '../../storage/media-folder.ts';
import { findPaperLogoKey } from './center-logo.repository.ts';

/**
 * A harvest center's logo is part of its account (center_accounts.logo_key): its header, its receipts
 * and its papers show it. Stored as `hc-logos/<uuid>.png`, served at /media/hc-logos/<uuid>.png.
 */
export const CENTER_LOGOS = new MediaFolder('hc-logos/', '/media/hc-logos/');

export function logoUrl(logoKey: string | null): string | null {
  return logoKey ? CENTER_LOGOS.mediaPath(logoKey) : null;
}

/**
 * The logo on a center's papers (receipts, agreements): its own, else its white-label domain's
 * (docs/decisions/023); null without either (or if the file is gone).
 */
export async function centerLogoBytes(db: Db, storage: FileStorage, centerId: number | null) {
  if (centerId === null) return null;
  const key = await findPaperLogoKey(db, centerId);
  return key ? storage.getBytes(key).catch(() => null) : null;
}
