import { isValidStorageKey } from './file-storage.ts';

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
