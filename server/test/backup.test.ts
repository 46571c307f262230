import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readLatestCheckpoint } from '../src/audit-chain/audit-checkpoint.ts';
import { createBackup } from '../src/backup/backup.ts';
import { FILES_FOLDER, MANIFEST_FILE, readManifest } from '../src/backup/manifest.ts';
import { restoreBackup } from '../src/backup/restore.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemoIfEmpty } from '../src/seed/demo-seed.ts';
import { createFileStorage, type FileStorage, storedSha256 } from '../src/storage/file-storage.ts';
import { databaseUrl } from './helpers/global-setup-postgres.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * `npm run backup` / `npm run restore` (docs/decisions/025): a seeded installation backed up and
 * restored into an empty one has the same rows, the same files and the same audit chain.
 */
const target = inject('testDatabase');
const onPostgres = target.kind === 'postgres';
const pgBinDir = '';

let t: TestApp;
let work: string;
beforeAll(async () => {
  t = await buildTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  await seedDemoIfEmpty(t.db, 'demo-password', { storage: t.app.storage, config: t.app.config });
  // Some audit rows, through the API as users make them.
  for (let i = 0; i < 3; i++) {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload: { email: 'admin@portal.local', password: 'wrong-password' },
    });
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/**
 * Every (logged) table of the portal, each as its row count and a hash of all its rows in a fixed
 * order. The unlogged login counters are not in the embedded cluster's copy: they start empty.
 */
async function tableDigests(
  database: Database,
  persistence: 'p' | 'u' = 'p',
): Promise<Record<string, string>> {
  const tables = (await database.db.execute<{ name: string }>(sql`
    SELECT format('%I.%I', n.nspname, c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p')
       AND c.relpersistence = ${persistence} ORDER BY 1`)) as unknown as
    | { rows: { name: string }[] }
    | { name: string }[];
  const names = (Array.isArray(tables) ? tables : tables.rows).map((r) => r.name);
  const digests: Record<string, string> = {};
  for (const name of names) {
    const result = (await database.db.execute(
      sql.raw(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM ${name} t`,
      ),
    )) as unknown as { rows: { n: number; h: string }[] } | { n: number; h: string }[];
    const [row] = Array.isArray(result) ? result : result.rows;
    digests[name] = `${row.n} ${row.h}`;
  }
  return digests;
}

async function fileHashes(storage: FileStorage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const key of storage.listKeys()) hashes[key] = await storedSha256(storage, key);
  return hashes;
}

/** An empty installation of the same kind: a new database (not migrated) and a new file folder. */
async function emptyInstallation(name: string) {
  const dataDir = path.join(work, name);
  const storage = await createFileStorage({ ...t.app.config, dataDir });
  if (target.kind === 'pglite') {
    const pgliteDir = path.join(dataDir, 'pglite');
    return { storage, pgliteDir, open: () => openPglite(pgliteDir), drop: async () => {} };
  }
  const dbName = `portal_restore_${process.pid}_${name}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = databaseUrl(target.url, dbName);
  return {
    storage,
    databaseUrl: url,
    open: async () => openPostgres(url, 2),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

describe(`backup and restore (${target.kind})`, () => {
  let folder: string;
  beforeAll(async () => {
    folder = path.join(work, 'backup');
    await createBackup(
      { database: t.database, databaseUrl: t.database.connectionString, storage: t.app.storage, pgBinDir },
      folder,
    );
  }, 60_000);

  it('writes the dump, every stored file and a manifest with their hashes and the audit head', async () => {
    const manifest = readManifest(folder);
    expect(manifest.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.files.length).toBeGreaterThan(0);
    expect(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(
      await fileHashes(t.app.storage),
    );
    const [{ seq }] = await t.db
      .execute(sql`SELECT max(chain_seq)::int AS seq FROM audit_log`)
      .then(
        (r) =>
          (Array.isArray(r) ? r : (r as unknown as { rows: { seq: number }[] }).rows) as { seq: number }[],
      );
    expect(manifest.auditHead?.chainSeq).toBe(seq);
    // The backup also checkpoints the head in the file storage (decision 028).
    expect(await readLatestCheckpoint(t.app.storage)).toMatchObject({
      chainSeq: manifest.auditHead?.chainSeq,
      rowHash: manifest.auditHead?.rowHash,
    });
  });

  it('restores into an empty installation: the same rows, the same files, the audit chain whole', async () => {
    const empty = await emptyInstallation('restored');
    try {
      const report = await restoreBackup(folder, { ...empty, pgBinDir });
      expect(report.auditChain.ok).toBe(true);
      const restored = await empty.open();
      try {
        expect(await tableDigests(restored)).toEqual(await tableDigests(t.database));
        if (onPostgres) {
          expect(await tableDigests(restored, 'u')).toEqual(await tableDigests(t.database, 'u'));
        }
      } finally {
        await restored.close();
      }
      expect(await fileHashes(empty.storage)).toEqual(await fileHashes(t.app.storage));

      // Restoring again over it is refused, and changes nothing.
      await expect(restoreBackup(folder, { ...empty, pgBinDir })).rejects.toThrow(/not empty/);
    } finally {
      await empty.drop();
    }
  }, 60_000);

  it('refuses a damaged backup before writing anything', async () => {
    const damaged = path.join(work, 'damaged');
    fs.cpSync(folder, damaged, { recursive: true });
    const manifest = readManifest(damaged);
    const victim = path.join(damaged, FILES_FOLDER, manifest.files[0].key);
    fs.appendFileSync(victim, 'x');
    const empty = await emptyInstallation('untouched');
    try {
      await expect(restoreBackup(damaged, { ...empty, pgBinDir })).rejects.toThrow(
        `${path.join(FILES_FOLDER, manifest.files[0].key)} does not match its hash`,
      );
      expect(await fileHashes(empty.storage)).toEqual({});
      expect(fs.existsSync(empty.pgliteDir ?? '/nonexistent')).toBe(false);

      fs.rmSync(path.join(damaged, MANIFEST_FILE));
      await expect(restoreBackup(damaged, { ...empty, pgBinDir })).rejects.toThrow(/not a backup/);
    } finally {
      await empty.drop();
    }
  });

  it('refuses to write into a folder that is not empty', async () => {
    await expect(
      createBackup({ database: t.database, storage: t.app.storage, pgBinDir }, folder),
    ).rejects.toThrow(/not empty/);
  });
});
