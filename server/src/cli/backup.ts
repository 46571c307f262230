// `npm run backup -- [folder]`: the database (pg_dump, or the embedded cluster's tarball) and every
// stored file, with a manifest of hashes and the audit chain's head (docs/decisions/025).
import fs from 'node:fs';
import path from 'node:path';
import { createBackup } from '../backup/backup.ts';
import { BackupError } from '../backup/manifest.ts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { pgliteDataDir } from '../db/pglite-data-dir.ts';
import { createFileStorage } from '../storage/file-storage.ts';

try {
  const config = loadConfig();
  const folder = path.resolve(
    process.argv[2] ?? path.join('backups', `portal-${new Date().toISOString().replace(/[:.]/g, '-')}`),
  );
  // The embedded database belongs to one process: a running portal holds it.
  if (!config.databaseUrl && fs.existsSync(path.join(pgliteDataDir(config.dataDir), 'postmaster.pid'))) {
    throw new BackupError(
      'The embedded database is open (a portal is running on this DATA_DIR): stop it, then back up.',
    );
  }
  const database = await openDatabase(config);
  try {
    const manifest = await createBackup(
      {
        database,
        databaseUrl: config.databaseUrl,
        storage: await createFileStorage(config),
        pgBinDir: config.pgBinDir,
      },
      folder,
    );
    console.log(
      `Backup written to ${folder}: the ${manifest.database.kind} database (${manifest.database.bytes} bytes), ` +
        `${manifest.files.length} files, audit chain up to row ${manifest.auditHead?.chainSeq ?? 0}.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
