// `npm run restore -- <folder>`: a backup of `npm run backup` into an empty installation (a new
// DATABASE_URL database or a new DATA_DIR, and an empty file storage); then the audit chain is checked.
import path from 'node:path';
import { BackupError } from '../backup/manifest.ts';
import { restoreBackup } from '../backup/restore.ts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { pgliteDataDir } from '../db/pglite-data-dir.ts';
import { createFileStorage } from '../storage/file-storage.ts';

try {
  const config = loadConfig();
  const folder = process.argv[2];
  if (!folder) throw new BackupError('Usage: npm run restore -- <backup folder>');
  const report = await restoreBackup(path.resolve(folder), {
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : pgliteDataDir(config.dataDir),
    storage: await createFileStorage(config),
    pgBinDir: config.pgBinDir,
  });
  const chain = report.auditChain;
  console.log(
    `Restored ${folder}: the database and ${report.files} files. ` +
      (chain.ok
        ? `Audit chain intact: ${chain.rows} rows.`
        : `Audit chain broken at row ${chain.chainSeq}: ${chain.reason}.`),
  );
  if (!chain.ok) process.exitCode = 1;
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
