import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readAuditHead, writeAuditCheckpoint } from '../audit-chain/audit-checkpoint.ts';
import type { Database } from '../db/client.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { BackupError, type BackupManifest, FILES_FOLDER, MANIFEST_FILE, sha256OfFile } from './manifest.ts';
import { runPgTool } from './pg-tools.ts';

export type BackupSource = {
  database: Database;
  /** PostgreSQL's connection string (pg_dump connects on its own); unset for the embedded database. */
  databaseUrl?: string;
  storage: FileStorage;
  pgBinDir: string;
};

type CopiedFile = { sha256: string; bytes: number };

/** Copies every stored file not copied yet, hashing it on the way. */
async function copyNewFiles(storage: FileStorage, folder: string, copied: Map<string, CopiedFile>) {
  for await (const key of storage.listKeys()) {
    if (copied.has(key)) continue;
    const target = path.join(folder, FILES_FOLDER, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(
      Readable.from(await storage.getStream(key)),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(target, { flags: 'wx' }),
    );
    copied.set(key, { sha256: hash.digest('hex'), bytes });
  }
}

async function dumpDatabase(source: BackupSource, folder: string): Promise<BackupManifest['database']> {
  if (source.database.kind === 'postgres') {
    if (!source.databaseUrl) throw new BackupError('A PostgreSQL backup needs DATABASE_URL.');
    const file = 'database.dump';
    await runPgTool(source.pgBinDir, 'pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      path.join(folder, file),
      '--dbname',
      source.databaseUrl,
    ]);
    return { kind: 'postgres', file, ...(await sha256OfFile(path.join(folder, file))) };
  }
  if (!source.database.pglite) throw new BackupError('The embedded database is not open.');
  // The embedded engine's own copy of its cluster, taken by its single connection: consistent.
  const file = 'database.tar.gz';
  const dump = await source.database.pglite.dumpDataDir('gzip');
  fs.writeFileSync(path.join(folder, file), new Uint8Array(await dump.arrayBuffer()));
  return { kind: 'pglite', file, ...(await sha256OfFile(path.join(folder, file))) };
}

/**
 * Writes a backup into `folder` (new or empty): the files stored before the dump, the database dump,
 * then the files stored while it ran. A file is stored before the row that names it commits, so each
 * file the dump names is in one of the two passes, unless it was deleted between them (decision 025).
 * The audit chain's head, read before the dump, goes into the manifest and is checkpointed in the file
 * storage (decision 028; not when the database lost rows the last checkpoint recorded, which the
 * verification then reports).
 */
export async function createBackup(source: BackupSource, folder: string): Promise<BackupManifest> {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new BackupError(`${folder} is not empty: give a new folder for the backup.`);
  }
  fs.mkdirSync(path.join(folder, FILES_FOLDER), { recursive: true });
  const copied = new Map<string, CopiedFile>();
  await copyNewFiles(source.storage, folder, copied);
  const head = await readAuditHead(source.database.db);
  await writeAuditCheckpoint(source.database.db, source.storage, new Date(), head);
  const database = await dumpDatabase(source, folder);
  await copyNewFiles(source.storage, folder, copied);
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database,
    files: [...copied].map(([key, file]) => ({ key, ...file })).sort((a, b) => a.key.localeCompare(b.key)),
    auditHead: head && { chainSeq: head.chainSeq, rowHash: head.rowHash },
  };
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
