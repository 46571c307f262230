import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a backup folder holds (docs/decisions/025-several-processes.md): the database as its engine
 * dumps it, every stored file under `files/`, and this manifest with the hash of each, so a restore
 * refuses a damaged or incomplete backup before it writes anything.
 */
export const ZBackupManifest = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    /** postgres: `pg_dump --format=custom`; pglite: the embedded cluster's own tarball (dumpDataDir). */
    kind: z.enum(['postgres', 'pglite']),
    file: z.string(),
    sha256: z.string(),
    bytes: z.number().int(),
  }),
  files: z.array(z.object({ key: z.string(), sha256: z.string(), bytes: z.number().int() })),
  /**
   * The audit chain's last row when the dump was taken: a restore checks that the restored chain is
   * whole and reaches it, so rows cut from the newest end are noticed (decision 024 left this here).
   */
  auditHead: z.object({ chainSeq: z.number().int(), rowHash: z.string() }).nullable(),
});
export type BackupManifest = z.infer<typeof ZBackupManifest>;

export const MANIFEST_FILE = 'manifest.json';
export const FILES_FOLDER = 'files';

export async function sha256OfFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export class BackupError extends Error {}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError(`${folder} is not a backup: it has no ${MANIFEST_FILE}.`);
  const parsed = ZBackupManifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new BackupError(`${file} is not a backup manifest this portal reads.`);
  return parsed.data;
}

/** Every file of the backup against its manifest hash; the first that differs is named. */
export async function checkBackupFolder(folder: string, manifest: BackupManifest): Promise<void> {
  const entries = [
    { file: manifest.database.file, sha256: manifest.database.sha256 },
    ...manifest.files.map((f) => ({ file: path.join(FILES_FOLDER, f.key), sha256: f.sha256 })),
  ];
  for (const entry of entries) {
    const full = path.join(folder, entry.file);
    if (!fs.existsSync(full)) throw new BackupError(`The backup is incomplete: ${entry.file} is missing.`);
    if ((await sha256OfFile(full)).sha256 !== entry.sha256) {
      throw new BackupError(`The backup is damaged: ${entry.file} does not match its hash.`);
    }
  }
}
