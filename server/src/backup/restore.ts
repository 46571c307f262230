import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { type AuditChainReport, verifyAuditChain } from '../audit-chain/audit-chain.ts';
import { readLatestCheckpoint, storeAuditCheckpoint } from '../audit-chain/audit-checkpoint.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { BackupError, checkBackupFolder, FILES_FOLDER, readManifest } from './manifest.ts';
import { runPgTool } from './pg-tools.ts';

export type RestoreTarget = {
  /** PostgreSQL: an empty database. */
  databaseUrl?: string;
  /** The embedded database: a folder that does not exist yet or is empty. */
  pgliteDir?: string;
  storage: FileStorage;
  pgBinDir: string;
};

export type RestoreReport = { files: number; auditChain: AuditChainReport };

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

async function storageIsEmpty(storage: FileStorage): Promise<boolean> {
  for await (const _key of storage.listKeys()) return false;
  return true;
}

async function restoreDatabase(
  folder: string,
  kind: 'postgres' | 'pglite',
  file: string,
  target: RestoreTarget,
) {
  const dump = path.join(folder, file);
  if (kind === 'postgres') {
    if (!target.databaseUrl) {
      throw new BackupError(
        'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database.',
      );
    }
    if (!(await postgresIsEmpty(target.databaseUrl))) {
      throw new BackupError('The database at DATABASE_URL is not empty: restore into a new, empty database.');
    }
    // One transaction: a restore that fails leaves the database empty, to be tried again.
    await runPgTool(target.pgBinDir, 'pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      target.databaseUrl,
      dump,
    ]);
    return openPostgres(target.databaseUrl, 2);
  }
  if (!target.pgliteDir) {
    throw new BackupError('This backup is of the embedded database: unset DATABASE_URL to restore it.');
  }
  if (fs.existsSync(target.pgliteDir) && fs.readdirSync(target.pgliteDir).length > 0) {
    throw new BackupError(
      `${target.pgliteDir} is not empty: restore the embedded database into a new DATA_DIR.`,
    );
  }
  return openPglite(target.pgliteDir, new Blob([fs.readFileSync(dump)]));
}

/**
 * Restores a backup into an empty installation: checks every file against the manifest first, then
 * the database (one transaction on PostgreSQL), then the files; then walks the audit chain and checks
 * that it still reaches the head the backup recorded, which becomes the newest audit checkpoint (the
 * files may hold a later one, written while the backup ran; decision 028).
 */
export async function restoreBackup(folder: string, target: RestoreTarget): Promise<RestoreReport> {
  const manifest = readManifest(folder);
  await checkBackupFolder(folder, manifest);
  if (!(await storageIsEmpty(target.storage))) {
    throw new BackupError('The file storage is not empty: restore into a new folder or bucket.');
  }
  const database: Database = await restoreDatabase(
    folder,
    manifest.database.kind,
    manifest.database.file,
    target,
  );
  try {
    for (const file of manifest.files) {
      await target.storage.put(file.key, fs.createReadStream(path.join(folder, FILES_FOLDER, file.key)));
    }
    const auditChain = await verifyAuditChain(database.db);
    const head = manifest.auditHead;
    if (head) {
      const [row] = await database.db
        .select({ rowHash: auditLog.rowHash, createdAt: auditLog.createdAt })
        .from(auditLog)
        .where(eq(auditLog.chainSeq, head.chainSeq));
      if (!row || row.rowHash !== head.rowHash) {
        throw new BackupError(
          `The restored audit trail does not reach the head the backup recorded (row ${head.chainSeq}).`,
        );
      }
      const restored = await readLatestCheckpoint(target.storage).catch(() => null);
      if (restored?.chainSeq !== head.chainSeq || restored.rowHash !== head.rowHash) {
        await storeAuditCheckpoint(target.storage, {
          ...head,
          rowCreatedAt: row.createdAt.toISOString(),
          at: manifest.createdAt,
        });
      }
    }
    return { files: manifest.files.length, auditChain };
  } finally {
    await database.close();
  }
}
