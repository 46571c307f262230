import { badRequest } from '../http/errors.ts';
import { type FileStorage, isValidStorageKey } from './file-storage.ts';

/**
 * Uploads are staged first (a `process-file/` route answers a key), then filed by the call that uses
 * them. Each user stages under their own prefix, and a call accepts only its caller's keys: a key
 * from someone else's upload (or a made-up path) is refused.
 */
export function stagingPrefix(userId: number): string {
  return `uploads/${userId}/`;
}

export const UPLOAD_AGAIN_MESSAGE = 'This file is no longer available. Please upload it again.';

/** Whether `key` is one of `userId`'s staged uploads (by its shape; the caller still checks it exists). */
export function isOwnStagedKey(userId: number, key: string): boolean {
  return key.startsWith(stagingPrefix(userId)) && isValidStorageKey(key);
}

export type StagedUpload = { field: string; staged: string; target: string };

/**
 * Files the caller's staged uploads where they belong. Each must be the caller's own and still there,
 * else nothing moves and the answer is 400 naming each such field. `undo` puts them back where the
 * form can use them again (when the write that needed them fails).
 */
export async function fileStagedUploads(
  storage: FileStorage,
  userId: number,
  uploads: StagedUpload[],
): Promise<{ undo(): Promise<void> }> {
  const errors: Record<string, string> = {};
  for (const upload of uploads) {
    if (!isOwnStagedKey(userId, upload.staged) || !(await storage.exists(upload.staged))) {
      errors[upload.field] = UPLOAD_AGAIN_MESSAGE;
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(UPLOAD_AGAIN_MESSAGE, errors);
  const filed: StagedUpload[] = [];
  const undo = async () => {
    await Promise.all(filed.map((f) => storage.move(f.target, f.staged).catch(() => {})));
  };
  try {
    for (const upload of uploads) {
      await storage.move(upload.staged, upload.target);
      filed.push(upload);
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { undo };
}
