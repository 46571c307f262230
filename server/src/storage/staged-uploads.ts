import { count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stagedUploads } from '../db/schema/platform.ts';
import { AppError, badRequest } from '../errors/app-error.ts';
import { type FileStorage, isValidStorageKey } from './file-storage.ts';

/**
 * Uploads are staged first (a `process-file/` route answers a key), then filed by the call that uses
 * them. Each user stages under their own prefix, and a call accepts only its caller's keys: a key
 * from someone else's upload (or a made-up path) is refused.
 *
 * Each staged upload is also a row of `staged_uploads` until it is filed: an account holds at most
 * MAX_STAGED_UPLOADS_PER_ACCOUNT at once, and the purge job removes those not filed within
 * STAGED_UPLOAD_LIFETIME_MS, so a form left half done (or a client staging in a loop) does not fill
 * the storage.
 */
export function stagingPrefix(userId: number): string {
  return `uploads/${userId}/`;
}

export const MAX_STAGED_UPLOADS_PER_ACCOUNT = 20;
export const STAGED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const STAGED_UPLOAD_TEXTS = {
  uploadAgain: 'This file is no longer available. Please upload it again.',
  tooMany:
    `You already have ${MAX_STAGED_UPLOADS_PER_ACCOUNT} uploaded files that are not saved yet. ` +
    'Finish the forms that use them, or wait a day until they expire, then upload again.',
} as const;

/** What staging needs: the database (the rows) and the storage (the files). The app has both. */
export type StagingDeps = { db: Db; storage: FileStorage };

/** Whether `key` is one of `userId`'s staged uploads (by its shape; the caller still checks it exists). */
export function isOwnStagedKey(userId: number, key: string): boolean {
  return key.startsWith(stagingPrefix(userId)) && isValidStorageKey(key);
}

export async function countStagedUploads(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stagedUploads).where(eq(stagedUploads.userId, userId));
  return row?.n ?? 0;
}

/**
 * Records a staged upload unless the account already holds the bound. The account's uploads are
 * counted and recorded under a lock of its own, so two uploads at the same moment cannot both take
 * the last place.
 */
export async function recordStagedUpload(db: Db, userId: number, key: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staged_uploads'), ${userId})`);
    if ((await countStagedUploads(tx, userId)) >= MAX_STAGED_UPLOADS_PER_ACCOUNT) return false;
    await tx.insert(stagedUploads).values({ key, userId });
    return true;
  });
}

export const tooManyStaged = () => new AppError(429, STAGED_UPLOAD_TEXTS.tooMany);

export type StagedUpload = { field: string; staged: string; target: string };

/**
 * Files the caller's staged uploads where they belong, and forgets them as staged. Each must be the
 * caller's own and still there, else nothing moves and the answer is 400 naming each such field.
 * `undo` puts them back where the form can use them again (when the write that needed them fails).
 */
export async function fileStagedUploads(
  deps: StagingDeps,
  userId: number,
  uploads: StagedUpload[],
): Promise<{ undo(): Promise<void> }> {
  const { db, storage } = deps;
  const errors: Record<string, string> = {};
  for (const upload of uploads) {
    if (!isOwnStagedKey(userId, upload.staged) || !(await storage.exists(upload.staged))) {
      errors[upload.field] = STAGED_UPLOAD_TEXTS.uploadAgain;
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(STAGED_UPLOAD_TEXTS.uploadAgain, errors);
  const filed: StagedUpload[] = [];
  let forgotten: (typeof stagedUploads.$inferSelect)[] = [];
  const undo = async () => {
    await Promise.all(filed.map((f) => storage.move(f.target, f.staged).catch(() => {})));
    if (forgotten.length > 0) {
      await db
        .insert(stagedUploads)
        .values(forgotten)
        .onConflictDoNothing()
        .catch(() => {});
    }
  };
  try {
    for (const upload of uploads) {
      await storage.move(upload.staged, upload.target);
      filed.push(upload);
    }
    if (uploads.length > 0) {
      forgotten = await db
        .delete(stagedUploads)
        .where(
          inArray(
            stagedUploads.key,
            uploads.map((u) => u.staged),
          ),
        )
        .returning();
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { undo };
}

/** Rows taken per round of the purge (each round deletes its rows first, then their files). */
const PURGE_BATCH = 200;

/**
 * Removes the staged uploads not filed within STAGED_UPLOAD_LIFETIME_MS of `now`: each round takes a
 * batch of rows (a DELETE, so two processes never take the same one), then deletes their files. A
 * file the storage would not delete gets its row back for the next run.
 */
export async function purgeStaleStagedUploads(
  deps: StagingDeps,
  now = new Date(),
): Promise<{ removed: number }> {
  const { db, storage } = deps;
  const cutoff = new Date(now.getTime() - STAGED_UPLOAD_LIFETIME_MS);
  let removed = 0;
  for (;;) {
    const stale = db
      .select({ key: stagedUploads.key })
      .from(stagedUploads)
      .where(lte(stagedUploads.createdAt, cutoff))
      .limit(PURGE_BATCH);
    const batch = await db.delete(stagedUploads).where(inArray(stagedUploads.key, stale)).returning();
    const kept: typeof batch = [];
    for (const row of batch) {
      // Only ever a file of the staging area (a row can name nothing else, but a purge stays careful).
      if (!isOwnStagedKey(row.userId, row.key)) continue;
      try {
        await storage.delete(row.key);
        removed += 1;
      } catch {
        kept.push(row);
      }
    }
    if (kept.length > 0) {
      await db.insert(stagedUploads).values(kept).onConflictDoNothing();
      break;
    }
    if (batch.length < PURGE_BATCH) break;
  }
  return { removed };
}
