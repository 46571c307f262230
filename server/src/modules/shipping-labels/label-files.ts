import type { Actor } from '../../auth/actor.ts';
import { notFound } from '../../errors/app-error.ts';
import { storedSha256 } from '../../storage/file-storage.ts';
import { requireMediaReader } from '../../storage/media-access.ts';
import { MediaFolder } from '../../storage/media-folder.ts';
import { fileStagedUploads } from '../../storage/staged-uploads.ts';
import { actsForLabelCenter } from './shipping-labels.policy.ts';
import { findLabelRequestByLabelKey } from './shipping-labels.repository.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

/** Label PDFs: stored under `shipping-labels/`, served at `/media/fedex-label/{file}`. */
export const LABEL_FILES = new MediaFolder('shipping-labels/', '/media/fedex-label/');

/** A staged label PDF (process-file/) filed under the labels' folder; the old one goes after commit. */
export async function fileStagedLabel(deps: ShippingLabelDeps, actor: Actor, stagedKey: string) {
  const key = LABEL_FILES.newKey('pdf');
  const filed = await fileStagedUploads(deps, actor.id, [
    { field: 'pdf_file', staged: stagedKey, target: key },
  ]);
  return { key, undo: filed.undo, sha256: await storedSha256(deps.storage, key) };
}

/**
 * GET /media/fedex-label/{file}: a label for its center, the center's staff and admins, or the holder
 * of a signed link; 404 after that when no request has this file.
 */
export async function openLabelFile(
  deps: ShippingLabelDeps,
  actor: Actor | null,
  file: string,
  query: { expires?: number; signature?: string },
): Promise<{ key: string; filename: string }> {
  const key = LABEL_FILES.keyOfFile(file);
  const row = await findLabelRequestByLabelKey(deps.db, key);
  await requireMediaReader({
    folder: LABEL_FILES,
    key,
    query,
    actor,
    secret: deps.mediaSecret,
    mayRead: (reader) => row === null || actsForLabelCenter(deps.db, reader, row.centerId),
  });
  if (!row) throw notFound('Label not found.');
  return { key, filename: `fedex-label-${row.id}.pdf` };
}
