import type { FastifyRequest } from 'fastify';
import type { StoredUpload } from '../storage/file-storage.ts';
import {
  countStagedUploads,
  MAX_STAGED_UPLOADS_PER_ACCOUNT,
  recordStagedUpload,
  type StagingDeps,
  stagingPrefix,
  tooManyStaged,
} from '../storage/staged-uploads.ts';
import { receiveFileUpload, type UploadTypes } from './uploads.ts';

/**
 * POST …/process-file/: receives the caller's file under their staging prefix (receiveFileUpload's
 * checks and errors) and records it. A full account is refused with 429 before the body is read, and
 * again, keeping nothing, if others took the last places meanwhile.
 */
export async function stageUpload(
  request: FastifyRequest,
  deps: StagingDeps,
  userId: number,
  options: { maxBytes: number; types?: UploadTypes },
): Promise<StoredUpload & { fields: Record<string, string> }> {
  if ((await countStagedUploads(deps.db, userId)) >= MAX_STAGED_UPLOADS_PER_ACCOUNT) throw tooManyStaged();
  const upload = await receiveFileUpload(request, deps.storage, {
    ...options,
    keyPrefix: stagingPrefix(userId),
  });
  let recorded = false;
  try {
    recorded = await recordStagedUpload(deps.db, userId, upload.key);
  } finally {
    if (!recorded) await deps.storage.delete(upload.key).catch(() => {});
  }
  if (!recorded) throw tooManyStaged();
  return upload;
}
